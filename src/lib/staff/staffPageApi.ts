/**
 * The staff page's own calls on top of the workspace's (staffApi.ts): e-mail notifications, the help centre's
 * feedback and the invitation log. Apart, so the inbox and conversation islands do not carry them.
 */
import type { BodyOf } from '../api/contract.ts';
import type { TokenGetter } from '../chat/chatApi.ts';
import type { Lang } from '../i18n/languages.ts';
import { createStaffApi, staffCaller } from './staffApi.ts';

export function createStaffPageApi(getToken: TokenGetter) {
  const call = staffCaller(getToken);
  return {
    ...createStaffApi(getToken),
    /** Reads (and with a value, sets) whether missed-message e-mails come; `lang` becomes their language. */
    notifications: (lang: Lang, missedMessageMail?: boolean) =>
      call('meNotifications', { lang, missedMessageMail }).then((answer) => answer.missedMessageMail),
    helpCentreReport: (lang: Lang, days: 7 | 30) => call('helpCentreReport', { lang, days }),
    clearComment: (id: number) => call('helpCentreClearComment', { id }),
    recentInvitations: () => call('invitationsRecent', {}),
    createTag: (name: string) => call('tagCreate', { name }).then((answer) => answer.tag),
    renameTag: (id: number, name: string) => call('tagRename', { id, name }).then((answer) => answer.tag),
    deleteTag: (id: number) => call('tagDelete', { id }),
    createSavedReply: (body: BodyOf<'savedReplyCreate'>) => call('savedReplyCreate', body).then((answer) => answer.reply),
    updateSavedReply: (body: BodyOf<'savedReplyUpdate'>) => call('savedReplyUpdate', body).then((answer) => answer.reply),
    deleteSavedReply: (id: number) => call('savedReplyDelete', { id }),
    ratingsReport: (weeks: 4 | 12) => call('ratingsReport', { weeks }),
    settings: () => call('settingsGet', {}).then((answer) => answer.settings),
    updateSettings: (change: BodyOf<'settingsUpdate'>) => call('settingsUpdate', change).then((answer) => answer.settings),
    blockedAddresses: () => call('blockedAddressesList', {}).then((answer) => answer.blocked),
    block: (entry: string) => call('blockedAddressAdd', { entry }),
    unblock: (entry: string) => call('blockedAddressRemove', { entry }),
  };
}

export type StaffPageApi = ReturnType<typeof createStaffPageApi>;
