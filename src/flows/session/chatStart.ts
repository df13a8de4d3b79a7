/**
 * A conversation a visitor starts from the chat widget (lib/api/chatStart.ts): the start asked for, its e-mailed code
 * exchanged for a session in the new chat box, kept like any other contact session (stores/contactSessions.ts). The
 * start waiting for its code is kept for the tab (lib/session/pendingStart.ts).
 */
import type { ChatStartBody } from '../../lib/api/chatStart.ts';
import { botToken } from '../../lib/botCheck.ts';
import { requestEndpoint } from '../../lib/http/client.ts';
import { storeSession } from '../../stores/contactSessions.ts';
import { forgetOtherContacts, toRecord } from './sessionApi.ts';
import { forgetPendingStart, keepPendingStart, type PendingStart } from '../../lib/session/pendingStart.ts';

/** Asks for the code; the server answers every address alike, so this says nothing of the address. */
export async function startConversation(fields: Omit<ChatStartBody, 'token'>): Promise<PendingStart> {
  const token = await botToken('login');
  const { startId, expiresAt } = await requestEndpoint('chatStart', { body: { ...fields, token } });
  const pending = { startId, email: fields.email, expiresAt: Date.parse(expiresAt) };
  keepPendingStart(pending);
  return pending;
}

/** Exchanges the code for the new chat box's session; answers the chat box id. Rejects with the API's error. */
export async function openStartedConversation(startId: string, otp: string): Promise<string> {
  const token = await botToken('login');
  const { data, chatBoxId, contactId } = await requestEndpoint('chatStartVerify', { body: { startId, otp, token } });
  // As with a link for another person: this device is the new contact's now.
  forgetOtherContacts(contactId);
  storeSession(chatBoxId, toRecord(data, Date.now()));
  forgetPendingStart();
  return chatBoxId;
}
