/**
 * Follows a chat box (or every chat box) from a known point: what is stored after it first, then live events,
 * in order, each once. Live events come from the hub; one that does not follow the last delivered (a gap: a
 * notification lost or overtaken) makes it read the database from the last delivered on. One step at a time, so
 * deliveries never interleave.
 *
 * A class, and its reader an object, rather than closures: a follower lives as long as its stream, mostly idle,
 * and thousands are open at once (memory per idle stream, docs/performance.md).
 */
import type { Queryable } from '../db/database.ts';
import type { Log } from '../log.ts';
import { eventsAfter, eventsAfterPosition, type StoredEvent } from './events.ts';
import type { ChatHub, HubEvent, Subscriber, Who } from './hub.ts';

/** One read of stored events at most this long, so a long absence is replayed in steps. */
const pageSize = 500;
/** A read that failed is tried again after this long, doubling while it fails, up to retryMaxMs. */
const retryFirstMs = 1000;
const retryMaxMs = 30_000;

/** Who takes the events. */
export interface FollowReader {
  /** Stored events in order, each once; typing signals as they come. */
  deliver(event: HubEvent): void;
  /** Resolves when the reader has taken what was delivered: a replay reads its next page only then. */
  drained(): Promise<void>;
  /**
   * The stream must end: the process is stopping (the client goes on with another), its chat box was erased, or the
   * reader's access ended.
   */
  end(): void;
}

export interface FollowOptions {
  hub: ChatHub;
  db: Queryable;
  log: Log;
  /** A chat box id (events counted by seq), or null for every chat box (counted by position). */
  chatBoxId: string | null;
  /** The last seq (or position) the reader has. */
  after: number;
  /** Who reads: the stream ends when their access does. */
  who: Who;
  reader: FollowReader;
}

export class Follower implements Subscriber {
  readonly chatBoxId: string | null;
  readonly who: Who;
  readonly #hub: ChatHub;
  readonly #db: Queryable;
  readonly #log: Log;
  readonly #reader: FollowReader;
  #last: number;
  #stopped = false;
  #steps: Promise<void> = Promise.resolve();
  /** How long the last wait before reading again was (0 while reads succeed), and that wait's timer. */
  #retryMs = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor({ hub, db, log, chatBoxId, after, who, reader }: FollowOptions) {
    this.#hub = hub;
    this.#db = db;
    this.#log = log;
    this.chatBoxId = chatBoxId;
    this.who = who;
    this.#last = after;
    this.#reader = reader;
    hub.subscribe(this);
    // Subscribed first, then read: an event committed in between arrives live, or is read, and counts once.
    this.catchUp();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#hub.unsubscribe(this);
  }

  deliver(event: HubEvent): void {
    if (event.type === 'typing') return void (this.#stopped || this.#reader.deliver(event));
    this.#step(() => {
      const at = this.#counter(event);
      if (at <= this.#last) return;
      if (at === this.#last + 1) return this.#give(event);
      return this.#catchUp();
    });
  }

  catchUp(): void {
    this.#step(() => this.#catchUp());
  }

  close(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#reader.end();
  }

  #counter(event: StoredEvent): number {
    return this.chatBoxId === null ? event.position : event.seq;
  }

  #step(work: () => Promise<void> | void): void {
    this.#steps = this.#steps
      .then(async () => {
        if (this.#stopped) return;
        await work();
        this.#retryMs = 0;
      })
      .catch((error: unknown) => this.#readAgainLater(error));
  }

  /**
   * A read failed (the database is away): the stream stays open and reads again, later each time while it fails, so
   * the hole is filled once the database answers rather than at the next event. Ending the stream instead would have
   * its client reconnect, find the same failure, and reconnect again, twice a second.
   */
  #readAgainLater(error: unknown): void {
    if (this.#stopped || this.#retry) return;
    this.#retryMs = Math.min(Math.max(this.#retryMs * 2, retryFirstMs), retryMaxMs);
    this.#log.error(`Chat: a stream could not read its events; reading again in ${this.#retryMs / 1000} s:`, error);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.catchUp();
    }, this.#retryMs);
    this.#retry.unref?.();
  }

  #give(event: StoredEvent): void {
    this.#last = this.#counter(event);
    this.#reader.deliver(event);
  }

  async #catchUp(): Promise<void> {
    for (;;) {
      const events =
        this.chatBoxId === null
          ? await eventsAfterPosition(this.#db, this.#last, pageSize)
          : await eventsAfter(this.#db, this.chatBoxId, this.#last, pageSize);
      for (const event of events) if (!this.#stopped && this.#counter(event) > this.#last) this.#give(event);
      if (events.length < pageSize || this.#stopped) return;
      // A long absence replays page by page, no faster than the client reads: memory stays at one page.
      await this.#reader.drained();
    }
  }
}
