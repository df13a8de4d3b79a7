/**
 * "Send me a new link": asks the server to e-mail a contact a new link (POST /api/chat/newLink, bot-checked like
 * verify), for the address they typed or the contact id this device knows.
 */
import type { NewLinkBody } from '../api/sessions.ts';
import { botToken } from '../botCheck.ts';
import { requestEndpoint } from '../http/client.ts';

/** An address the server would take: something@something.something, no spaces (the server checks it fully). */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export async function requestNewLink(body: Omit<NewLinkBody, 'token'>): Promise<void> {
  const token = await botToken('login');
  await requestEndpoint('chatNewLink', { body: { ...body, ...(body.email !== undefined && { email: body.email.trim() }), token } });
}
