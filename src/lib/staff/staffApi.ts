/**
 * The staff workspace's calls (inbox, invitations, staff management, a contact's data rights), each with the staff
 * member's id token asked for at the moment of the call, through the one HTTP client. Bodies and answers are the
 * contract's (lib/api/).
 */
import type { ChatPriority } from '../api/chat.ts';
import type { ExportAudience } from '../api/contacts.ts';
import type { BodyOf } from '../api/contract.ts';
import type { EndpointName } from '../api/endpoints.ts';
import type { StaffRole } from '../api/staff.ts';
import type { Lang } from '../i18n/languages.ts';
import type { TokenGetter } from '../chat/chatApi.ts';
import { ApiRequestError, requestEndpoint } from '../http/client.ts';
import { requestFile } from '../http/fileAnswers.ts';

/** The staff member's id token, asked for at the moment of the call. */
async function bearerOf(getToken: TokenGetter): Promise<string> {
  const token = await getToken();
  if (!token) throw new ApiRequestError(401, 'unauthorized', 'Nobody on the staff is signed in.');
  return token;
}

/** A call with the staff member's id token. */
export function staffCaller(getToken: TokenGetter) {
  return async function call<N extends EndpointName>(name: N, body: BodyOf<N>) {
    return requestEndpoint(name, { bearer: await bearerOf(getToken), body });
  };
}

export function createStaffApi(getToken: TokenGetter) {
  const call = staffCaller(getToken);
  return {
    inbox: (body: BodyOf<'inboxList'>) => call('inboxList', body),
    invite: (body: BodyOf<'invitationCreate'>) => call('invitationCreate', body).then((answer) => answer.invitation),
    staff: () => call('staffList', {}).then((answer) => answer.staff),
    addStaff: (body: { email: string; role: StaffRole; name?: string; lang?: Lang }) =>
      call('staffAdd', body).then((answer) => answer.member),
    setRole: (email: string, role: StaffRole) => call('staffRole', { email, role }).then((answer) => answer.member),
    removeStaff: (email: string) => call('staffRemove', { email }),
    contact: (contactId: string) => call('contactDetails', { contactId }),
    contacts: (body: BodyOf<'contactsList'>) => call('contactsList', body),
    tags: () => call('tagsList', {}).then((answer) => answer.tags),
    savedReplies: () => call('savedRepliesList', {}).then((answer) => answer.replies),
    savedReplyUsed: (id: number) => call('savedReplyUsed', { id }),
    alerts: (sound?: boolean) => call('meAlerts', sound === undefined ? {} : { sound }),
    mute: (chatBoxId: string, muted: boolean) => call('chatMute', { chatBoxId, muted }).then((answer) => answer.muted),
    setTags: (chatBoxId: string, change: { add?: number[]; remove?: number[] }) =>
      call('chatTags', { chatBoxId, add: change.add ?? [], remove: change.remove ?? [] }).then((answer) => answer.tags),
    setPriority: (chatBoxId: string, priority: ChatPriority | null) =>
      call('chatPriority', { chatBoxId, priority }).then((answer) => answer.priority),
    snooze: (chatBoxId: string, until: string | null) => call('chatSnooze', { chatBoxId, until }).then((answer) => answer.snoozedUntil),
    bulk: (body: BodyOf<'inboxBulk'>) => call('inboxBulk', body),
    /** A zip: the document and the files its messages carry. */
    exportContact: async (contactId: string, audience: ExportAudience) =>
      requestFile('contactExportArchive', { bearer: await bearerOf(getToken), body: { contactId, audience } }),
    eraseContact: (contactId: string, confirmEmail: string) =>
      call('contactErase', { contactId, confirmEmail }).then((answer) => answer.erased),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
