/**
 * One conversation's messages as the list shows them: server messages by id (each once, however it arrived: a
 * page, the stream, or the answer to a send), then what still waits in the outbox, each with its delivery state.
 */
import type { Message, Participant, ReadCursor } from '../api/chat.ts';
import type { MessageFile } from '../api/files.ts';
import type { OutboxFile, OutboxItem } from './outbox.ts';

export type Delivery = 'sending' | 'failed' | 'sent' | 'read';

export interface TimelineEntry {
  /** The message id, or the clientId while it is pending. */
  key: string;
  id: number | undefined;
  clientId: string;
  sender: Participant;
  text: string;
  createdAt: string;
  mine: boolean;
  /** Only for one's own messages. */
  delivery: Delivery | undefined;
  /** The error code of a failed send. */
  failed: string | undefined;
  /** A staff member's internal note (contacts never receive one). */
  internal: boolean;
  /** The files it carries: as the server stored them once sent, as the outbox keeps them while waiting. */
  files: MessageFile[];
  waitingFiles: OutboxFile[];
}

export const sameParticipant = (a: Participant, b: Participant) => a.kind === b.kind && a.id === b.id;

/** Adds messages to a list sorted by id, keeping each id once (the newer copy wins). */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  if (!incoming.length) return existing as Message[];
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Moves a reader's cursor forward (never back). */
export function mergeCursor(cursors: readonly ReadCursor[], cursor: ReadCursor): ReadCursor[] {
  const current = cursors.find((other) => sameParticipant(other.reader, cursor.reader));
  if (current && current.messageId >= cursor.messageId) return cursors as ReadCursor[];
  return [...cursors.filter((other) => other !== current), cursor];
}

/** How far the other side has read: the furthest cursor of a reader of the other kind. */
export function otherSideReadUpTo(cursors: readonly ReadCursor[], me: Participant): number {
  return Math.max(0, ...cursors.filter((cursor) => cursor.reader.kind !== me.kind).map((cursor) => cursor.messageId));
}

export function myReadCursor(cursors: readonly ReadCursor[], me: Participant): number {
  return cursors.find((cursor) => sameParticipant(cursor.reader, me))?.messageId ?? 0;
}

export function buildTimeline(
  messages: readonly Message[],
  pending: readonly OutboxItem[],
  me: Participant,
  readUpTo: number,
): TimelineEntry[] {
  const sentClientIds = new Set(messages.filter((message) => sameParticipant(message.sender, me)).map((message) => message.clientId));
  const sent = messages.map((message): TimelineEntry => {
    const mine = sameParticipant(message.sender, me);
    return {
      key: String(message.id),
      id: message.id,
      clientId: message.clientId,
      sender: message.sender,
      text: message.text,
      createdAt: message.createdAt,
      mine,
      // A note is never read by the other side (the contact never gets it): "sent" is as far as it goes.
      delivery: mine ? (message.id <= readUpTo && !message.internal ? 'read' : 'sent') : undefined,
      failed: undefined,
      internal: message.internal === true,
      files: message.files ?? [],
      waitingFiles: [],
    };
  });
  const waiting = pending
    .filter((item) => !sentClientIds.has(item.clientId))
    .map((item): TimelineEntry => ({
      key: item.clientId,
      id: undefined,
      clientId: item.clientId,
      sender: me,
      text: item.text,
      createdAt: item.createdAt,
      mine: true,
      delivery: item.failed ? 'failed' : 'sending',
      failed: item.failed,
      internal: item.internal === true,
      files: [],
      waitingFiles: item.files ?? [],
    }));
  return [...sent, ...waiting];
}
