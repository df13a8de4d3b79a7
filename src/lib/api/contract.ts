/**
 * What each endpoint (endpoints.ts) takes and answers: its body (or, for a GET and a link's parameters, its query)
 * and its answer, as the zod schemas of this folder. The server's router validates bodies with them, the API tests
 * parse every answer with them, and the browser takes their types only (BodyOf, AnswerOf), never zod.
 * An event stream has no answer schema: its events are chat.ts's chatEventSchema.
 */
import type { z } from 'zod';
import {
  assignAnswer,
  assignBody,
  chatTagsAnswer,
  chatTagsBody,
  priorityAnswer,
  priorityBody,
  snoozeAnswer,
  snoozeBody,
  contactChatBoxesAnswer,
  contactChatBoxesBody,
  listMessagesAnswer,
  listMessagesBody,
  markReadAnswer,
  markReadBody,
  okAnswer,
  sendMessageAnswer,
  sendMessageBody,
  setStatusAnswer,
  setStatusBody,
  streamQuery,
  transcriptBody,
  muteAnswer,
  muteBody,
  typingBody,
} from './chat.ts';
import { blockBody, blockedAddressesAnswer } from './blockedAddresses.ts';
import { chatHomeAnswer, chatHomeQuery, chatStartAnswer, chatStartBody, chatStartVerifyAnswer, chatStartVerifyBody } from './chatStart.ts';
import { downloadFileQuery, fileAccessAnswer, fileAccessBody, uploadFileAnswer, uploadFileQuery } from './files.ts';
import {
  contactDetailsAnswer,
  contactDetailsBody,
  contactEraseAnswer,
  contactEraseBody,
  contactExportAnswer,
  contactExportBody,
  contactsList,
  contactsListAnswer,
} from './contacts.ts';
import type { EndpointName } from './endpoints.ts';
import {
  clearCommentBody,
  helpCentreReportAnswer,
  helpCentreReportBody,
  helpfulAnswer,
  helpfulBody,
  helpfulCommentBody,
  searchMissAnswer,
  searchMissBody,
} from './helpCentre.ts';
import { inboxBulkAnswer, inboxBulkBody, inboxListAnswer, inboxListBody } from './inbox.ts';
import { inviteAnswer, inviteBody, recentInvitationsAnswer } from './invitations.ts';
import { resubscribeAnswer, unsubscribeAnswer, unsubscribeQuery } from './mail.ts';
import {
  contactAnswer,
  contactBody,
  extendBody,
  issuedTokenSchema,
  newLinkAnswer,
  newLinkBody,
  organizationUserAnswer,
  organizationUserBody,
  teamAnswer,
  teamBody,
  verifyAnswer,
  verifyChatBoxBody,
  verifyPageBody,
} from './sessions.ts';
import {
  alertsAnswer,
  alertsBody,
  meAnswer,
  notificationsAnswer,
  notificationsBody,
  staffAddBody,
  staffListAnswer,
  staffMemberAnswer,
  staffRemoveBody,
  staffRoleBody,
} from './staff.ts';

import { savedRepliesListAnswer, savedReplyAnswer, savedReplyCreateBody, savedReplyIdBody, savedReplyUpdateBody } from './savedReplies.ts';
import { rateAnswer, rateBody, rateByLinkBody, ratingsReportAnswer, ratingsReportBody } from './ratings.ts';
import { settingsAnswer, settingsUpdateBody } from './settings.ts';
import { tagAnswer, tagCreateBody, tagDeleteBody, tagRenameBody, tagsListAnswer } from './tags.ts';

export interface Declaration {
  body?: z.ZodType;
  query?: z.ZodType;
  /** Absent for an event stream. */
  answer?: z.ZodType;
}

export const contract = {
  chatVerify: { body: verifyChatBoxBody, answer: verifyAnswer },
  pageVerify: { body: verifyPageBody, answer: verifyAnswer },
  chatExtend: { body: extendBody, answer: issuedTokenSchema },
  chatNewLink: { body: newLinkBody, answer: newLinkAnswer },
  chatHome: { query: chatHomeQuery, answer: chatHomeAnswer },
  chatStart: { body: chatStartBody, answer: chatStartAnswer },
  chatStartVerify: { body: chatStartVerifyBody, answer: chatStartVerifyAnswer },
  contactGet: { body: contactBody, answer: contactAnswer },
  organizationUserGet: { body: organizationUserBody, answer: organizationUserAnswer },
  organizationUsersTeam: { body: teamBody, answer: teamAnswer },
  chatMessagesList: { body: listMessagesBody, answer: listMessagesAnswer },
  chatMessagesSend: { body: sendMessageBody, answer: sendMessageAnswer },
  chatRead: { body: markReadBody, answer: markReadAnswer },
  chatTyping: { body: typingBody, answer: okAnswer },
  chatStatus: { body: setStatusBody, answer: setStatusAnswer },
  chatAssign: { body: assignBody, answer: assignAnswer },
  chatSnooze: { body: snoozeBody, answer: snoozeAnswer },
  chatTags: { body: chatTagsBody, answer: chatTagsAnswer },
  chatPriority: { body: priorityBody, answer: priorityAnswer },
  chatMute: { body: muteBody, answer: muteAnswer },
  chatBoxes: { body: contactChatBoxesBody, answer: contactChatBoxesAnswer },
  chatTranscript: { body: transcriptBody, answer: okAnswer },
  chatRate: { body: rateBody, answer: rateAnswer },
  chatStream: { query: streamQuery },
  chatFileUpload: { query: uploadFileQuery, answer: uploadFileAnswer },
  chatFileAccess: { body: fileAccessBody, answer: fileAccessAnswer },
  chatFileDownload: { query: downloadFileQuery },
  inboxStream: {},
  inboxList: { body: inboxListBody, answer: inboxListAnswer },
  inboxBulk: { body: inboxBulkBody, answer: inboxBulkAnswer },
  tagsList: { answer: tagsListAnswer },
  tagCreate: { body: tagCreateBody, answer: tagAnswer },
  tagRename: { body: tagRenameBody, answer: tagAnswer },
  tagDelete: { body: tagDeleteBody, answer: okAnswer },
  savedRepliesList: { answer: savedRepliesListAnswer },
  savedReplyCreate: { body: savedReplyCreateBody, answer: savedReplyAnswer },
  savedReplyUpdate: { body: savedReplyUpdateBody, answer: savedReplyAnswer },
  savedReplyDelete: { body: savedReplyIdBody, answer: okAnswer },
  savedReplyUsed: { body: savedReplyIdBody, answer: okAnswer },
  settingsGet: { answer: settingsAnswer },
  settingsUpdate: { body: settingsUpdateBody, answer: settingsAnswer },
  ratingsReport: { body: ratingsReportBody, answer: ratingsReportAnswer },
  ratingsRate: { body: rateByLinkBody, answer: rateAnswer },
  me: { answer: meAnswer },
  meNotifications: { body: notificationsBody, answer: notificationsAnswer },
  meAlerts: { body: alertsBody, answer: alertsAnswer },
  staffList: { answer: staffListAnswer },
  staffAdd: { body: staffAddBody, answer: staffMemberAnswer },
  staffRole: { body: staffRoleBody, answer: staffMemberAnswer },
  staffRemove: { body: staffRemoveBody, answer: okAnswer },
  invitationCreate: { body: inviteBody, answer: inviteAnswer },
  invitationsRecent: { answer: recentInvitationsAnswer },
  contactsList: { body: contactsList, answer: contactsListAnswer },
  contactDetails: { body: contactDetailsBody, answer: contactDetailsAnswer },
  contactExport: { body: contactExportBody, answer: contactExportAnswer },
  // A zip: the export's document and the files its messages carry (server/contacts/exportArchive.ts).
  contactExportArchive: { body: contactExportBody },
  contactErase: { body: contactEraseBody, answer: contactEraseAnswer },
  blockedAddressesList: { answer: blockedAddressesAnswer },
  blockedAddressAdd: { body: blockBody, answer: blockedAddressesAnswer },
  blockedAddressRemove: { body: blockBody, answer: blockedAddressesAnswer },
  helpful: { body: helpfulBody, answer: helpfulAnswer },
  helpfulComment: { body: helpfulCommentBody, answer: helpfulAnswer },
  searchMiss: { body: searchMissBody, answer: searchMissAnswer },
  helpCentreReport: { body: helpCentreReportBody, answer: helpCentreReportAnswer },
  helpCentreClearComment: { body: clearCommentBody, answer: okAnswer },
  mailUnsubscribe: { query: unsubscribeQuery, answer: unsubscribeAnswer },
  mailResubscribe: { query: unsubscribeQuery, answer: resubscribeAnswer },
} as const satisfies Record<EndpointName, Declaration>;

type Contract = typeof contract;
/** What the browser sends to an endpoint (the schema's input: defaults may be left out). */
export type BodyOf<N extends EndpointName> = Contract[N] extends { body: z.ZodType } ? z.input<Contract[N]['body']> : Record<string, never>;
/** A GET's (or an upload's) query parameters. */
export type QueryOf<N extends EndpointName> = Contract[N] extends { query: z.ZodType }
  ? z.input<Contract[N]['query']>
  : Record<string, never>;
/** What an endpoint answers. */
export type AnswerOf<N extends EndpointName> = Contract[N] extends { answer: z.ZodType } ? z.infer<Contract[N]['answer']> : never;
