/**
 * A contact's list of conversations on their page session (/{lang}/chat): undefined until read, and whether the last
 * read failed. Kept live by flows/session/contactChats.ts while an island listens.
 */
import { map } from 'nanostores';
import type { ContactChatBox } from '../lib/api/chat.ts';

export interface ContactChatsState {
  chats: ContactChatBox[] | undefined;
  failed: boolean;
}

export const $contactChats = map<ContactChatsState>({ chats: undefined, failed: false });
