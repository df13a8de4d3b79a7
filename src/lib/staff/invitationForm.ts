/** The invitation dialog's fields as typed, and the body of POST /api/invitations/create they make. */
import type { InviteBody } from '../api/invitations.ts';
import type { Lang } from '../i18n/languages.ts';

export const inviteTargets = ['newChatBox', 'chatBox', 'page'] as const;
export type InviteTarget = (typeof inviteTargets)[number];
/** The fields the server may name in a refusal, each shown next to its own input. */
export const inviteFields = ['email', 'name', 'lang', 'chatBoxId'] as const;

export interface InviteForm {
  email: string;
  name: string;
  lang: Lang;
  target: InviteTarget;
  chatBoxId: string;
  sendEmail: boolean;
}

/** Blank optional fields are left out; the chat box id only goes with its target. The server checks the rest. */
export function invitationBody({ email, name, lang, target, chatBoxId, sendEmail }: InviteForm): InviteBody {
  const common = { email: email.trim(), lang, ...(name.trim() && { name: name.trim() }), ...(sendEmail && { sendEmail }) };
  if (target === 'chatBox') return { ...common, target, chatBoxId: chatBoxId.trim() };
  return { ...common, target };
}
