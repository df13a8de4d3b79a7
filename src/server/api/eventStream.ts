/**
 * A Server-Sent Events answer (text/event-stream): a route returns an EventStream and the edge writes it out,
 * flushing per event, with a comment heartbeat so proxies and the browser know it is alive. `start` returns what
 * to do when the client goes away.
 */
import { heartbeatMs } from '../../lib/api/chat.ts';
import type { StreamAnswer } from './requestAndAnswer.ts';

/** Where a stream writes: raw text (the edge encodes and flushes it), and the end of the answer. */
export interface StreamSink {
  /** False when the text waits in memory for a slow client (see drained). */
  write(text: string): boolean;
  /** Resolves once what was written has gone out (or the client has gone). */
  drained(): Promise<void>;
  end(): void;
}

export interface EventStream {
  /** Starts writing; the returned function runs once when the client has gone or the answer ended. */
  start(sink: StreamSink): () => void;
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

export interface EventWriter {
  send(event: SseEvent): void;
  /** Resolves when the client has taken what was sent: a long replay waits on it page by page. */
  drained(): Promise<void>;
  end(): void;
}

/** Every open stream of the process, and one timer that sends them all their heartbeat (not one timer each). */
const beating = new Set<StreamSink>();
let heartbeat: ReturnType<typeof setInterval> | undefined;

function beat(sink: StreamSink): void {
  beating.add(sink);
  heartbeat ??= setInterval(() => {
    for (const each of beating) each.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref?.();
}

function rest(sink: StreamSink): void {
  beating.delete(sink);
  if (beating.size === 0 && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

/** A stream of events: `open` gets a writer and returns its own clean-up; heartbeats are added here. */
export function eventStream(open: (writer: EventWriter) => () => void): EventStream {
  return {
    start(sink) {
      let ended = false;
      let cleanUp = () => {};
      beat(sink);
      const finish = () => {
        if (ended) return;
        ended = true;
        rest(sink);
        cleanUp();
      };
      // A comment first: the client sees the stream open before any event arrives.
      sink.write(': open\n\n');
      const openedCleanUp = open({
        send: (event) => {
          if (!ended) sink.write(formatEvent(event));
        },
        drained: () => (ended ? Promise.resolve() : sink.drained()),
        end: () => {
          if (ended) return;
          finish();
          sink.end();
        },
      });
      // Ended while opening: clean up at once.
      if (ended) openedCleanUp();
      else cleanUp = openedCleanUp;
      return finish;
    },
  };
}

export function streamAnswer(stream: EventStream): StreamAnswer {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: compression (http/requestHandler.ts) and proxies must pass each event on as it comes.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
    stream,
  };
}
