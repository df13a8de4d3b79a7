/** A message in one line, for lists (the inbox, a contact's conversations): its first line, or its files' names. */
import type { Message } from '../api/chat.ts';

export function previewLine(message: Pick<Message, 'text' | 'files'>): string {
  const text = message.text.split('\n', 1)[0] ?? '';
  const files = message.files?.map((file) => file.name).join(', ');
  if (!files) return text;
  return text ? `📎 ${text}` : `📎 ${files}`;
}
