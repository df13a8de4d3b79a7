/** A contact's own conversations, as their page session sees them (POST /api/chat/boxes with the page token). */
import type { ContactChatBox, ContactChatBoxesAnswer } from '../api/chat.ts';
import { pageScope } from '../api/constants.ts';
import { ApiRequestError, request } from '../http/client.ts';
import { getSessionToken } from './contactSession.ts';

export type { ContactChatBox };

export async function listContactChats(key = pageScope): Promise<ContactChatBox[]> {
  const token = await getSessionToken(key);
  if (!token) throw new ApiRequestError(401, 'unauthorized', 'There is no page session.');
  const answer = await request<ContactChatBoxesAnswer>('/api/chat/boxes', { method: 'POST', bearer: token, body: { chatBoxId: key } });
  return answer.chatBoxes;
}
