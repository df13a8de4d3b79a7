/**
 * A Server-Sent Events answer (text/event-stream): a route returns an EventStream and the edge writes it out,
 * flushing per event, with a comment heartbeat so proxies and the browser know it is alive; it calls `stop` when
 * the client goes away.
 */
import { heartbeatMs } from '../../lib/api/chat.ts';

/** Where a stream writes: raw text (the edge encodes and flushes it), and the end of the answer. */
export interface StreamSink {
  /** False when the text waits in memory for a slow client (see drained). */
  write(text: string): boolean;
  /** Resolves once what was written has gone out (or the client has gone). */
  drained(): Promise<void>;
  end(): void;
}

export interface EventStream {
  /** Starts writing. */
  start(sink: StreamSink): void;
  /** The client has gone or the answer ended: runs once, however often it is called. */
  stop(): void;
}

export interface SseEvent {
  id?: number | undefined;
  event: string;
  data: unknown;
}

/** One event in the wire format; `data` is JSON on one line, so no line breaks need splitting. */
export function formatEvent({ id, event, data }: SseEvent): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Every open stream of the process gets its heartbeat from one timer (not one timer each), and not all at once:
 * writing to thousands of sockets in one go held the event loop for as long as that took (265–681 ms for 5,000
 * streams, bench/fanout.mjs), and every message delivered meanwhile waited. Streams are spread over `heartbeatSlots` slots
 * in turn; the timer writes one slot's heartbeats each `heartbeatMs / heartbeatSlots`, so each stream still hears
 * one every `heartbeatMs`.
 */
export const heartbeatSlots = 100;
const slots = Array.from({ length: heartbeatSlots }, () => new Set<StreamSink>());
let beating = 0;
let nextSlot = 0;
let dueSlot = 0;
let heartbeat: ReturnType<typeof setInterval> | undefined;

/** Returns the slot, for `rest`. */
function beat(sink: StreamSink): Set<StreamSink> {
  const slot = slots[nextSlot]!;
  nextSlot = (nextSlot + 1) % heartbeatSlots;
  slot.add(sink);
  beating++;
  heartbeat ??= setInterval(() => {
    for (const each of slots[dueSlot]!) each.write(': heartbeat\n\n');
    dueSlot = (dueSlot + 1) % heartbeatSlots;
  }, heartbeatMs / heartbeatSlots);
  heartbeat.unref?.();
  return slot;
}

function rest(sink: StreamSink, slot: Set<StreamSink>): void {
  if (!slot.delete(sink)) return;
  beating--;
  if (beating === 0 && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

/**
 * A stream of events, with its heartbeat: a subclass says what happens when it opens and when it ends, and sends.
 * One object for the stream's whole life, its state in fields: thousands are open at once, mostly idle, and
 * closures for each would cost every one of them (memory per idle stream, docs/performance.md).
 */
export abstract class ServerSentEvents implements EventStream {
  #sink: StreamSink | undefined;
  #slot: Set<StreamSink> | undefined;
  #ended = false;

  start(sink: StreamSink): void {
    this.#sink = sink;
    this.#slot = beat(sink);
    // A comment first: the client sees the stream open before any event arrives.
    sink.write(': open\n\n');
    this.opened();
  }

  stop(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#sink && this.#slot) rest(this.#sink, this.#slot);
    this.stopped();
  }

  /** Writes an event, unless the stream has ended. */
  send(event: SseEvent): void {
    if (!this.#ended) this.#sink?.write(formatEvent(event));
  }

  /** Resolves when the client has taken what was sent: a long replay waits on it page by page. */
  drained(): Promise<void> {
    return this.#ended || !this.#sink ? Promise.resolve() : this.#sink.drained();
  }

  /** Ends the answer (the client reconnects, if it still may). */
  end(): void {
    if (this.#ended) return;
    this.stop();
    this.#sink?.end();
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Started: it may send, or end at once. */
  protected abstract opened(): void;
  /** Ended, by either side: release what `opened` took. Runs once; `opened` may not have run. */
  protected abstract stopped(): void;
}
