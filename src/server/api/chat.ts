/** The chat routes: list, send, mark read, typing, status, and the event streams (one chat box; every chat box for staff). */
import {
  type AssignAnswer,
  type ListMessagesAnswer,
  type MarkReadAnswer,
  type OkAnswer,
  type SendMessageAnswer,
} from '../../lib/api/chat.ts';
import { assign, currentSeq, listMessages, markRead, sendMessage, setStatus } from '../chat/messages.ts';
import { lastPosition } from '../chat/events.ts';
import { ApiError } from '../errors.ts';
import type { ApiRequest } from '../http/requestAndAnswer.ts';
import { bearerToken } from '../http/bearer.ts';
import { ChatStream } from './chatStream.ts';
import { route } from './route.ts';

export const listMessagesRoute = route({
  endpoint: 'chatMessagesList',
  caller: 'participant',
  handle: ({ services, body, caller }): Promise<ListMessagesAnswer> =>
    listMessages(services.db, body.chatBoxId, caller.participant.kind, body),
});

export const sendMessageRoute = route({
  endpoint: 'chatMessagesSend',
  caller: 'participant',
  async handle({ services, body, caller }): Promise<SendMessageAnswer> {
    const { kind, id } = caller.participant;
    if (body.internal && kind !== 'staff') throw new ApiError(403, 'not_staff', 'Only staff write internal notes.');
    services.sendLimit(`${kind}:${id}`);
    const { clientId, text, internal } = body;
    return { message: await sendMessage(services, body.chatBoxId, { sender: caller.participant, clientId, text, internal }) };
  },
});

export const markReadRoute = route({
  endpoint: 'chatRead',
  caller: 'participant',
  handle: async ({ services, body, caller }): Promise<MarkReadAnswer> => ({
    readCursor: await markRead(services, body.chatBoxId, caller.participant, body.messageId),
  }),
});

export const typingRoute = route({
  endpoint: 'chatTyping',
  caller: 'participant',
  async handle({ services, body, caller }): Promise<OkAnswer> {
    await currentSeq(services.db, body.chatBoxId);
    await services.typing(body.chatBoxId, caller.participant);
    return { ok: true };
  },
});

export const setStatusRoute = route({
  endpoint: 'chatStatus',
  caller: 'staff',
  handle: async ({ services, body }) => ({ status: await setStatus(services, body.chatBoxId, body.status) }),
});

export const assignRoute = route({
  endpoint: 'chatAssign',
  caller: 'staff',
  handle: async ({ services, body }): Promise<AssignAnswer> => ({ assignee: await assign(services, body.chatBoxId, body.assignee) }),
});

/** The seq (or position) a reconnecting client saw last, from the standard header; undefined on a first connect. */
function lastEventId(request: ApiRequest): number | undefined {
  const header = request.header('last-event-id');
  if (header === null || header === '') return undefined;
  if (!/^\d+$/.test(header)) throw new ApiError(400, 'invalid_body', 'Last-Event-ID must be the id of an event of this stream.');
  // Past any id there is: the caller clamps it to the current one.
  return Math.min(Number(header), Number.MAX_SAFE_INTEGER);
}

export const chatStreamRoute = route({
  endpoint: 'chatStream',
  caller: 'participant',
  async handle({ services, request, body, caller }): Promise<ChatStream> {
    // A client cannot have seen past the current seq: one that says so (a reset database) gets everything after now.
    const seq = await currentSeq(services.db, body.chatBoxId);
    const after = Math.min(lastEventId(request) ?? seq, seq);
    if ('session' in caller) {
      const { contactId, scope, version, expiresAt } = caller.session;
      const contact = { kind: 'contact', contactId, scope, version } as const;
      const endsAt = expiresAt.getTime();
      return new ChatStream(services, { chatBoxId: body.chatBoxId, after, caller: contact, endsAt, address: request.clientAddress });
    }
    const token = bearerToken(request.header('authorization'), 'A sign-in token');
    const staff = { kind: 'staff', uid: caller.staff.uid, token } as const;
    return new ChatStream(services, { chatBoxId: body.chatBoxId, after, caller: staff, endsAt: Infinity, address: request.clientAddress });
  },
});

export const inboxStreamRoute = route({
  endpoint: 'inboxStream',
  caller: 'staff',
  async handle({ services, request, caller }): Promise<ChatStream> {
    const position = await lastPosition(services.db);
    const token = bearerToken(request.header('authorization'), 'A sign-in token');
    const after = Math.min(lastEventId(request) ?? position, position);
    const staff = { kind: 'staff', uid: caller.uid, token } as const;
    return new ChatStream(services, { chatBoxId: null, after, caller: staff, endsAt: Infinity, address: request.clientAddress });
  },
});

export const chatRoutes = [
  listMessagesRoute,
  sendMessageRoute,
  markReadRoute,
  typingRoute,
  setStatusRoute,
  assignRoute,
  chatStreamRoute,
  inboxStreamRoute,
];
