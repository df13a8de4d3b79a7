/** The chat routes: list, send, mark read, typing, status, and the event streams (one chat box; every chat box for staff). */
import {
  eventSeqSchema,
  listMessagesBody,
  markReadBody,
  sendMessageBody,
  setStatusBody,
  streamQuery,
  typingBody,
  type ListMessagesAnswer,
  type MarkReadAnswer,
  type OkAnswer,
  type SendMessageAnswer,
} from '../../lib/api/chat.ts';
import { lastPosition } from '../chat/events.ts';
import { follow } from '../chat/follow.ts';
import type { HubEvent } from '../chat/hub.ts';
import { currentSeq, listMessages, markRead, sendMessage, setStatus } from '../chat/messages.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { eventStream, type EventStream } from './eventStream.ts';
import type { ApiRequest } from './exchange.ts';
import { route, type ChatParticipant } from './route.ts';

export const listMessagesRoute = route({
  method: 'POST',
  path: '/api/chat/messages/list',
  body: listMessagesBody,
  caller: 'participant',
  handle: ({ services, body }): Promise<ListMessagesAnswer> => listMessages(services.db, body.chatBoxId, body),
});

export const sendMessageRoute = route({
  method: 'POST',
  path: '/api/chat/messages/send',
  body: sendMessageBody,
  caller: 'participant',
  async handle({ services, body, caller }): Promise<SendMessageAnswer> {
    const { kind, id } = caller.participant;
    services.sendLimit(`${kind}:${id}`);
    return { message: await sendMessage(services, body.chatBoxId, caller.participant, body.clientId, body.text) };
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

/** The seq (or position) a reconnecting client saw last, from the standard header; undefined on a first connect. */
function lastEventId(request: ApiRequest): number | undefined {
  const header = request.header('last-event-id');
  if (header === null || header === '') return undefined;
  const parsed = eventSeqSchema.safeParse(/^\d{1,16}$/.test(header) ? Number(header) : NaN);
  if (!parsed.success) throw new ApiError(400, 'invalid_body', 'Last-Event-ID must be the id of an event of this stream.');
  return parsed.data;
}

function streamOf(services: Services, chatBoxId: string | null, after: number, caller: ChatParticipant | undefined): EventStream {
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
        const id = event.type === 'typing' ? undefined : chatBoxId === null ? event.position : event.seq;
        writer.send({ id, event: event.type, data: event });
      },
      onClose: () => writer.end(),
    });
    // A contact's stream ends with their token, so the browser reconnects with the renewed one.
    const expiry =
      caller && 'session' in caller
        ? setTimeout(() => writer.end(), Math.max(0, caller.session.expiresAt.getTime() - Date.now()))
        : undefined;
    return () => {
      clearTimeout(expiry);
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
    return streamOf(services, body.chatBoxId, Math.min(lastEventId(request) ?? seq, seq), caller);
  },
});

export const inboxStreamRoute = route({
  method: 'GET',
  path: '/api/inbox/stream',
  caller: 'staff',
  async handle({ services, request }): Promise<EventStream> {
    const position = await lastPosition(services.db);
    return streamOf(services, null, Math.min(lastEventId(request) ?? position, position), undefined);
  },
});

export const chatRoutes = [
  listMessagesRoute,
  sendMessageRoute,
  markReadRoute,
  typingRoute,
  setStatusRoute,
  chatStreamRoute,
  inboxStreamRoute,
];
