/** The chat routes: list, send, mark read, typing, status, and the event streams (one chat box; every chat box for staff). */
import {
  assignBody,
  listMessagesBody,
  markReadBody,
  sendMessageBody,
  setStatusBody,
  streamQuery,
  typingBody,
  type AssignAnswer,
  type ListMessagesAnswer,
  type MarkReadAnswer,
  type OkAnswer,
  type SendMessageAnswer,
} from '../../lib/api/chat.ts';
import { contactMaySee, lastPosition } from '../chat/events.ts';
import { follow } from '../chat/follow.ts';
import type { HubEvent } from '../chat/hub.ts';
import type { Reader } from '../chat/presence.ts';
import { assign, currentSeq, listMessages, markRead, sendMessage, setStatus } from '../chat/messages.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { eventStream, type EventStream } from './eventStream.ts';
import type { ApiRequest } from './requestAndAnswer.ts';
import { staffFromToken } from '../staff/signIn.ts';
import { bearerToken } from './bearer.ts';
import { participantFromToken } from './participant.ts';
import { route, type ChatParticipant } from './route.ts';

export const listMessagesRoute = route({
  method: 'POST',
  path: '/api/chat/messages/list',
  body: listMessagesBody,
  caller: 'participant',
  handle: ({ services, body, caller }): Promise<ListMessagesAnswer> =>
    listMessages(services.db, body.chatBoxId, caller.participant.kind, body),
});

export const sendMessageRoute = route({
  method: 'POST',
  path: '/api/chat/messages/send',
  body: sendMessageBody,
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
  method: 'POST',
  path: '/api/chat/read',
  body: markReadBody,
  caller: 'participant',
  handle: async ({ services, body, caller }): Promise<MarkReadAnswer> => ({
    readCursor: await markRead(services, body.chatBoxId, caller.participant, body.messageId),
  }),
});

export const typingRoute = route({
  method: 'POST',
  path: '/api/chat/typing',
  body: typingBody,
  caller: 'participant',
  async handle({ services, body, caller }): Promise<OkAnswer> {
    await currentSeq(services.db, body.chatBoxId);
    await services.typing(body.chatBoxId, caller.participant);
    return { ok: true };
  },
});

export const setStatusRoute = route({
  method: 'POST',
  path: '/api/chat/status',
  body: setStatusBody,
  caller: 'staff',
  handle: async ({ services, body }) => ({ status: await setStatus(services, body.chatBoxId, body.status) }),
});

export const assignRoute = route({
  method: 'POST',
  path: '/api/chat/assign',
  body: assignBody,
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

interface StreamOptions {
  chatBoxId: string | null;
  after: number;
  caller: ChatParticipant | undefined;
  /** Authorises the caller again (their token, their record); a failure ends the stream. */
  recheck: () => Promise<unknown>;
  /** Who reads, for presence. */
  reader: Reader;
}

function streamOf(services: Services, { chatBoxId, after, caller, recheck, reader }: StreamOptions): EventStream {
  return eventStream((writer) => {
    const mine = (event: HubEvent) =>
      event.type === 'typing' &&
      caller !== undefined &&
      event.sender.kind === caller.participant.kind &&
      event.sender.id === caller.participant.id;
    const following = follow({
      hub: services.chat,
      db: services.db,
      log: services.log,
      chatBoxId,
      after,
      deliver: (event) => {
        if (mine(event)) return;
        if (caller?.participant.kind === 'contact' && !contactMaySee(event)) return;
        if (event.type === 'typing') return writer.send({ event: event.type, data: event });
        if (chatBoxId === null) return writer.send({ id: event.position, event: event.type, data: event });
        // The position counts every chat box's events: a contact has no business knowing how many there are.
        const { position: _, ...data } = event;
        writer.send({ id: event.seq, event: event.type, data });
      },
      drained: () => writer.drained(),
      onClose: () => writer.end(),
    });
    // Who may keep reading is asked again now and then (STREAM_RECHECK_SECONDS): a revoked session or a removed
    // staff member stops hearing.
    // Someone reading gets no e-mail about what they are reading (mail/missedMessages.ts).
    const absent = services.presence.open(reader);
    const rechecks = setInterval(() => void recheck().catch(() => writer.end()), services.config.STREAM_RECHECK_SECONDS * 1000);
    rechecks.unref?.();
    // A contact's stream ends with their token, so the browser reconnects with the renewed one.
    const expiry =
      caller && 'session' in caller
        ? setTimeout(() => writer.end(), Math.max(0, caller.session.expiresAt.getTime() - Date.now()))
        : undefined;
    return () => {
      absent();
      clearTimeout(expiry);
      clearInterval(rechecks);
      following.stop();
    };
  });
}

export const chatStreamRoute = route({
  method: 'GET',
  path: '/api/chat/stream',
  query: streamQuery,
  caller: 'participant',
  async handle({ services, request, body, caller }): Promise<EventStream> {
    // A client cannot have seen past the current seq: one that says so (a reset database) gets everything after now.
    const seq = await currentSeq(services.db, body.chatBoxId);
    const token = bearerToken(request.header('authorization'), 'A session or sign-in token');
    return streamOf(services, {
      chatBoxId: body.chatBoxId,
      after: Math.min(lastEventId(request) ?? seq, seq),
      caller,
      recheck: () => participantFromToken(services, token, body.chatBoxId),
      reader: caller.participant.kind === 'contact' ? { chatBoxId: body.chatBoxId } : { staffUid: caller.participant.id },
    });
  },
});

export const inboxStreamRoute = route({
  method: 'GET',
  path: '/api/inbox/stream',
  caller: 'staff',
  async handle({ services, request, caller }): Promise<EventStream> {
    const position = await lastPosition(services.db);
    const token = bearerToken(request.header('authorization'), 'A sign-in token');
    return streamOf(services, {
      chatBoxId: null,
      after: Math.min(lastEventId(request) ?? position, position),
      caller: undefined,
      recheck: () => staffFromToken(services.db, services.verifyIdToken, token),
      reader: { staffUid: caller.uid },
    });
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
