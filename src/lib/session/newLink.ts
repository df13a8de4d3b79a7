/** "Send me a new link": asks the server to e-mail a contact a new link (POST /api/chat/newLink, bot-checked like verify). */
import type { NewLinkAnswer, NewLinkBody } from '../api/sessions.ts';
import { botToken } from '../botCheck.ts';
import { request } from '../http/client.ts';

/** An address the server would take: something@something.something, no spaces (the server checks it fully). */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export async function requestNewLink(body: Omit<NewLinkBody, 'token'>): Promise<void> {
  const token = await botToken('login');
  await request<NewLinkAnswer>('/api/chat/newLink', { method: 'POST', body: { ...body, email: body.email.trim(), token } });
}
