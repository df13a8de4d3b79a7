/**
 * POST/GET /api/chat/*: a contact's session (verify a code, extend, a new link by e-mail, their chat boxes), and a
 * conversation's messages, files, read cursor, typing, status, assignee and event stream.
 */
import {
  type AssignAnswer,
  type ChatTagsAnswer,
  type PriorityAnswer,
  type SnoozeAnswer,
  type ContactChatBoxesAnswer,
  type ListMessagesAnswer,
  type MarkReadAnswer,
  type MuteAnswer,
  type OkAnswer,
  type SendMessageAnswer,
} from '../../lib/api/chat.ts';
import { pageScope } from '../../lib/api/ids.ts';
import { uploadLimit, type FileAccessAnswer, type UploadFileAnswer } from '../../lib/api/files.ts';
import type { RateAnswer } from '../../lib/api/ratings.ts';
import type { IssuedToken, NewLinkAnswer } from '../../lib/api/sessions.ts';
import { listContactChatBoxes } from '../chat/contactChatBoxes.ts';
import { assign, currentSeq, listMessages, markRead, sendMessage, setStatus } from '../chat/messages.ts';
import { rate, rateLimit } from '../chat/rate.ts';
import { whenResolved } from '../chat/resolving.ts';
import { sendTranscript, transcriptLimit } from '../chat/transcript.ts';
import { setPriority, setTags, snooze, wakeOnContactMessage } from '../chat/triage.ts';
import { answerIfAway } from '../chat/away.ts';
import { issueFileAccess } from '../chat/files/access.ts';
import { filesToAttach } from '../chat/files/attach.ts';
import { downloadFile } from '../chat/files/download.ts';
import { uploadFile } from '../chat/files/upload.ts';
import type { ChatHomeAnswer } from '../../lib/api/chatStart.ts';
import { mostHelpful } from '../helpCentre/feedback.ts';
import { teamHours } from '../staff/team.ts';
import { publicChatAvailable, requestChatStart, verifyChatStart } from '../contacts/chatStarts.ts';
import { contactNamed, sendNewLink } from '../contacts/newLink.ts';
import { sessionFromCode } from '../contacts/sessionFromCode.ts';
import { mute } from '../staff/alerts.ts';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { ApiError } from '../errors.ts';
import { bearerToken } from '../http/bearer.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { lastEventId } from '../http/lastEventId.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import { ChatStream } from './chatStream.ts';
import { route } from './route.ts';

/** Per client address, and per e-mail address (so one inbox cannot be flooded from many addresses). */
export const newLinkLimits = { perClient: { max: 10, windowSeconds: 3600 }, perEmail: { max: 3, windowSeconds: 3600 } };

export const routes = [
  route({
    endpoint: 'chatVerify',
    caller: 'anyone',
    handle: ({ services, body, request }) => sessionFromCode(services, body, request.clientAddress),
  }),

  route({
    endpoint: 'chatExtend',
    caller: 'contactSession',
    async handle({ services, request, body, caller: session }): Promise<IssuedToken> {
      await services.botCheck(body.token, 'login', request.clientAddress);
      // The new token keeps the session's auth_time and version, so extending never moves its ceiling.
      return issueSessionToken(services.keys.sessionTokens, session, services.config.SESSION_MAX_HOURS);
    },
  }),

  route({
    endpoint: 'chatNewLink',
    caller: 'anyone',
    async handle({ services, body, request }): Promise<NewLinkAnswer> {
      if (!services.mail) throw new ApiError(404, 'not_found', 'E-mail is not set up on this server.');
      await countTowardsLimit(services.db, `newLink:${rateLimitGroup(request.clientAddress)}`, newLinkLimits.perClient);
      // Counted per what the caller named, the typed address or the contact id, never per the address an id
      // leads to: a full count there would tell whoever knows an id which address is its contact's. Nothing is
      // looked up before the bot check.
      const named = body.email === undefined ? `contact:${body.contactId}` : body.email.trim().toLowerCase();
      await countTowardsLimit(services.db, `newLink:${named}`, newLinkLimits.perEmail);
      await services.botCheck(body.token, 'login', request.clientAddress);
      await sendNewLink(services, await contactNamed(services, body), body);
      return { requested: true };
    },
  }),

  route({
    endpoint: 'chatHome',
    caller: 'anyone',
    handle: async ({ services, body }): Promise<ChatHomeAnswer> => ({
      startAvailable: await publicChatAvailable(services),
      hours: await teamHours(services.db, services.clock()),
      articles: await mostHelpful(services.db, await services.articles(), body.lang),
    }),
  }),

  route({
    endpoint: 'chatStart',
    caller: 'anyone',
    handle: ({ services, body, request }) => requestChatStart(services, body, request.clientAddress),
  }),

  route({
    endpoint: 'chatStartVerify',
    caller: 'anyone',
    async handle({ services, body, request }) {
      const opened = await verifyChatStart(services, body, request.clientAddress);
      await answerIfAway(services, opened.chatBoxId);
      return opened;
    },
  }),

  route({
    endpoint: 'chatMute',
    caller: 'staff',
    handle: async ({ services, body, caller }): Promise<MuteAnswer> => ({
      muted: await mute(services.db, caller.uid, body.chatBoxId, body.muted),
    }),
  }),

  route({
    endpoint: 'chatTranscript',
    caller: 'contactSession',
    async handle({ services, body, caller: session }): Promise<OkAnswer> {
      await countTowardsLimit(services.db, `transcript:${session.contactId}`, transcriptLimit);
      await sendTranscript(services, body.chatBoxId);
      return { ok: true };
    },
  }),

  route({
    endpoint: 'chatRate',
    caller: 'contactSession',
    async handle({ services, body, caller: session }): Promise<RateAnswer> {
      await countTowardsLimit(services.db, `rate:${session.contactId}`, rateLimit);
      return { rating: await rate(services, body.chatBoxId, body) };
    },
  }),

  route({
    endpoint: 'chatBoxes',
    caller: 'contactSession',
    handle: async ({ services, caller: session }): Promise<ContactChatBoxesAnswer> => ({
      chatBoxes: await listContactChatBoxes(services.db, session.contactId, session.scope === pageScope ? null : session.scope),
    }),
  }),

  route({
    endpoint: 'chatMessagesList',
    caller: 'participant',
    handle: ({ services, body, caller }): Promise<ListMessagesAnswer> =>
      listMessages(services.db, body.chatBoxId, caller.participant.kind, body),
  }),

  route({
    endpoint: 'chatMessagesSend',
    caller: 'participant',
    async handle({ services, body, caller }): Promise<SendMessageAnswer> {
      const { kind, id } = caller.participant;
      if (body.internal && kind !== 'staff') throw new ApiError(403, 'not_staff', 'Only staff write internal notes.');
      services.sendLimit(`${kind}:${id}`);
      const { clientId, text, internal } = body;
      const files = await filesToAttach(services.db, body.chatBoxId, caller.participant, body.files ?? []);
      const message = await sendMessage(services, body.chatBoxId, { sender: caller.participant, clientId, text, internal, files });
      if (kind === 'contact') {
        await wakeOnContactMessage(services, body.chatBoxId);
        await answerIfAway(services, body.chatBoxId);
      }
      return { message };
    },
  }),

  route({
    endpoint: 'chatFileUpload',
    caller: 'participant',
    async handle({ services, request, body, caller }): Promise<UploadFileAnswer> {
      const { kind, id } = caller.participant;
      await countTowardsLimit(services.db, `upload:${kind}:${id}`, uploadLimit);
      const declared = request.header('content-length');
      const file = await uploadFile(services, {
        chatBoxId: body.chatBoxId,
        uploader: caller.participant,
        name: body.name,
        declaredSize: declared === null ? undefined : Number(declared),
        body: request.stream(),
      });
      return { file };
    },
  }),

  route({
    endpoint: 'chatFileAccess',
    caller: 'participant',
    handle: ({ services, body, caller }): Promise<FileAccessAnswer> => issueFileAccess(services, body.chatBoxId, caller),
  }),

  route({
    endpoint: 'chatFileDownload',
    caller: 'anyone',
    handle: ({ services, body }) => downloadFile(services, body),
  }),

  route({
    endpoint: 'chatRead',
    caller: 'participant',
    handle: async ({ services, body, caller }): Promise<MarkReadAnswer> => ({
      readCursor: await markRead(services, body.chatBoxId, caller.participant, body.messageId),
    }),
  }),

  route({
    endpoint: 'chatTyping',
    caller: 'participant',
    async handle({ services, body, caller }): Promise<OkAnswer> {
      await currentSeq(services.db, body.chatBoxId);
      await services.typing(body.chatBoxId, caller.participant);
      return { ok: true };
    },
  }),

  route({
    endpoint: 'chatStatus',
    caller: 'staff',
    async handle({ services, body, caller }) {
      const status = await setStatus(services, body.chatBoxId, body.status, caller.uid, whenResolved(services, body.chatBoxId, caller.uid));
      services.mail?.poke();
      return { status };
    },
  }),

  route({
    endpoint: 'chatAssign',
    caller: 'staff',
    handle: async ({ services, body, caller }): Promise<AssignAnswer> => ({
      assignee: await assign(services, body.chatBoxId, body.assignee, caller.uid),
    }),
  }),

  route({
    endpoint: 'chatSnooze',
    caller: 'staff',
    handle: async ({ services, body, caller }): Promise<SnoozeAnswer> => ({
      snoozedUntil: await snooze(services, body.chatBoxId, body.until === null ? null : new Date(body.until), caller.uid),
    }),
  }),

  route({
    endpoint: 'chatTags',
    caller: 'staff',
    handle: async ({ services, body, caller }): Promise<ChatTagsAnswer> => ({
      tags: await setTags(services, body.chatBoxId, body.add, body.remove, caller.uid),
    }),
  }),

  route({
    endpoint: 'chatPriority',
    caller: 'staff',
    handle: async ({ services, body, caller }): Promise<PriorityAnswer> => ({
      priority: await setPriority(services, body.chatBoxId, body.priority, caller.uid),
    }),
  }),

  route({
    endpoint: 'chatStream',
    caller: 'participant',
    async handle({ services, request, body, caller }): Promise<ChatStream> {
      const seq = await currentSeq(services.db, body.chatBoxId);
      const after = Math.min(lastEventId(request.header('last-event-id')) ?? seq, seq);
      const { chatBoxId } = body;
      const address = request.clientAddress;
      if ('session' in caller) {
        const { contactId, scope, version, expiresAt } = caller.session;
        const contact = { kind: 'contact', contactId, scope, version } as const;
        return new ChatStream(services, { chatBoxId, after, caller: contact, endsAt: expiresAt.getTime(), address });
      }
      const token = bearerToken(request.header('authorization'), 'A sign-in token');
      const staff = { kind: 'staff', uid: caller.staff.uid, token } as const;
      return new ChatStream(services, { chatBoxId, after, caller: staff, endsAt: Infinity, address });
    },
  }),
];
