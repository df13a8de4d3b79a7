/**
 * Follows a chat box (or every chat box) from a known point: what is stored after it first, then live events,
 * in order, each once. Live events come from the hub; one that does not follow the last delivered (a gap: a
 * notification lost or overtaken) makes it read the database from the last delivered on. One step at a time, so
 * deliveries never interleave.
 */
import type { Queryable } from '../db/database.ts';
import type { Log } from '../log.ts';
import { eventsAfter, eventsAfterPosition, type StoredEvent } from './events.ts';
import type { ChatHub, HubEvent } from './hub.ts';

/** One read of stored events at most this long, so a long absence is replayed in steps. */
const pageSize = 500;

export interface Following {
  stop(): void;
}

export interface FollowOptions {
  hub: ChatHub;
  db: Queryable;
  log: Log;
  /** A chat box id (events counted by seq), or null for every chat box (counted by position). */
  chatBoxId: string | null;
  /** The last seq (or position) the reader has. */
  after: number;
  deliver(event: HubEvent): void;
  /** Resolves when the reader has taken what was delivered: a replay reads its next page only then. */
  drained?: () => Promise<void>;
  /** The process is stopping: end the stream. */
  onClose(): void;
}

export function follow({ hub, db, log, chatBoxId, after, deliver, drained, onClose }: FollowOptions): Following {
  const counter = (event: StoredEvent) => (chatBoxId === null ? event.position : event.seq);
  const read = (from: number) =>
    chatBoxId === null ? eventsAfterPosition(db, from, pageSize) : eventsAfter(db, chatBoxId, from, pageSize);
  let last = after;
  let stopped = false;
  let steps: Promise<void> = Promise.resolve();
  const step = (work: () => Promise<void> | void) => {
    steps = steps.then(async () => {
      if (!stopped) await work();
    });
    steps = steps.catch((error: unknown) => log.error('Chat: a stream could not read its events:', error));
  };
  const give = (event: StoredEvent) => {
    last = counter(event);
    deliver(event);
  };
  async function catchUp(): Promise<void> {
    for (;;) {
      const events = await read(last);
      for (const event of events) if (!stopped && counter(event) > last) give(event);
      if (events.length < pageSize || stopped) return;
      // A long absence replays page by page, no faster than the client reads: memory stays at one page.
      await drained?.();
    }
  }

  const unsubscribe = hub.subscribe({
    chatBoxId,
    deliver(event) {
      if (event.type === 'typing') return void (stopped || deliver(event));
      step(() => {
        const at = counter(event);
        if (at <= last) return;
        if (at === last + 1) return give(event);
        return catchUp();
      });
    },
    catchUp: () => step(catchUp),
    close: () => {
      stopped = true;
      onClose();
    },
  });
  // Subscribed first, then read: an event committed in between arrives live, or is read, and counts once.
  step(catchUp);
  return {
    stop() {
      stopped = true;
      unsubscribe();
    },
  };
}
