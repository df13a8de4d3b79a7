/**
 * The staff workspace's calls (inbox, invitations, staff management, a contact's data rights), each with the staff
 * member's id token asked for at the moment of the call, through the one HTTP client. Bodies and answers are the
 * contract's (lib/api/).
 */
import type { z } from 'zod';
import type { ContactDetailsAnswer, ContactEraseAnswer, ContactExportAnswer } from '../api/contacts.ts';
import type { InboxListAnswer, inboxListBody } from '../api/inbox.ts';
import type { InviteAnswer, InviteBody } from '../api/invitations.ts';
import type { NotificationsAnswer, StaffListAnswer, StaffMemberAnswer, StaffRole } from '../api/staff.ts';
import type { Lang } from '../i18n/languages.ts';
import type { TokenGetter } from '../chat/chatApi.ts';
import { ApiRequestError, request } from '../http/client.ts';

export function createStaffApi(getToken: TokenGetter) {
  async function call<T>(path: string, body: unknown): Promise<T> {
    const token = await getToken();
    if (!token) throw new ApiRequestError(401, 'unauthorized', 'Nobody on the staff is signed in.');
    return request<T>(path, { method: 'POST', bearer: token, body });
  }
  return {
    inbox: (body: z.input<typeof inboxListBody>) => call<InboxListAnswer>('/api/inbox/list', body),
    invite: (body: InviteBody) => call<InviteAnswer>('/api/invitations/create', body).then((answer) => answer.invitation),
    staff: () => call<StaffListAnswer>('/api/staff/list', {}).then((answer) => answer.staff),
    addStaff: (body: { email: string; role: StaffRole; name?: string }) =>
      call<StaffMemberAnswer>('/api/staff/add', body).then((answer) => answer.member),
    setRole: (email: string, role: StaffRole) =>
      call<StaffMemberAnswer>('/api/staff/role', { email, role }).then((answer) => answer.member),
    removeStaff: (email: string) => call<{ ok: true }>('/api/staff/remove', { email }),
    /** Reads (and with a value, sets) whether missed-message e-mails come; `lang` becomes their language. */
    notifications: (lang: Lang, missedMessageMail?: boolean) =>
      call<NotificationsAnswer>('/api/me/notifications', { lang, missedMessageMail }).then((answer) => answer.missedMessageMail),
    contact: (contactId: string) => call<ContactDetailsAnswer>('/api/contacts/details', { contactId }),
    exportContact: (contactId: string) => call<ContactExportAnswer>('/api/contacts/export', { contactId }).then((answer) => answer.export),
    eraseContact: (contactId: string, confirmEmail: string) =>
      call<ContactEraseAnswer>('/api/contacts/erase', { contactId, confirmEmail }).then((answer) => answer.erased),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
