/**
 * The staff workspace's calls (inbox, invitations, staff management, a contact's data rights), each with the staff
 * member's id token asked for at the moment of the call, through the one HTTP client. Bodies and answers are the
 * contract's (lib/api/).
 */
import type { z } from 'zod';
import type { ContactDetailsAnswer, ContactEraseAnswer, ContactExportAnswer, ExportAudience } from '../api/contacts.ts';
import type { InboxListAnswer, inboxListBody } from '../api/inbox.ts';
import type { InviteAnswer, InviteBody } from '../api/invitations.ts';
import type { StaffListAnswer, StaffMemberAnswer, StaffRole } from '../api/staff.ts';
import type { TokenGetter } from '../chat/chatApi.ts';
import { ApiRequestError, request } from '../http/client.ts';

/** A POST with the staff member's id token, asked for at the moment of the call. */
export function staffCaller(getToken: TokenGetter) {
  return async function call<T>(path: string, body: unknown): Promise<T> {
    const token = await getToken();
    if (!token) throw new ApiRequestError(401, 'unauthorized', 'Nobody on the staff is signed in.');
    return request<T>(path, { method: 'POST', bearer: token, body });
  };
}

export function createStaffApi(getToken: TokenGetter) {
  const call = staffCaller(getToken);
  return {
    inbox: (body: z.input<typeof inboxListBody>) => call<InboxListAnswer>('/api/inbox/list', body),
    invite: (body: InviteBody) => call<InviteAnswer>('/api/invitations/create', body).then((answer) => answer.invitation),
    staff: () => call<StaffListAnswer>('/api/staff/list', {}).then((answer) => answer.staff),
    addStaff: (body: { email: string; role: StaffRole; name?: string }) =>
      call<StaffMemberAnswer>('/api/staff/add', body).then((answer) => answer.member),
    setRole: (email: string, role: StaffRole) =>
      call<StaffMemberAnswer>('/api/staff/role', { email, role }).then((answer) => answer.member),
    removeStaff: (email: string) => call<{ ok: true }>('/api/staff/remove', { email }),
    contact: (contactId: string) => call<ContactDetailsAnswer>('/api/contacts/details', { contactId }),
    exportContact: (contactId: string, audience: ExportAudience) =>
      call<ContactExportAnswer>('/api/contacts/export', { contactId, audience }).then((answer) => answer.export),
    eraseContact: (contactId: string, confirmEmail: string) =>
      call<ContactEraseAnswer>('/api/contacts/erase', { contactId, confirmEmail }).then((answer) => answer.erased),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
