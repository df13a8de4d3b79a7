/** Reads a Server-Sent Events answer over real HTTP for tests: every event kept, waits for the ones expected. */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface OpenStream {
  status: number;
  /** Every event so far, parsed. */
  events: { id: string | undefined; event: string; data: any }[];
  comments: string[];
  /** Resolves when `count` events satisfy `test` (or rejects after `timeoutMs`). */
  waitFor(test: (event: OpenStream['events'][number]) => boolean, count?: number, timeoutMs?: number): Promise<OpenStream['events']>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(url: string, token: string, lastEventId?: number | string): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  const stream: OpenStream = {
    status: response.status,
    events: [],
    comments: [],
    waitFor: async (test, count = 1, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stream.events.filter(test);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${count} events; have ${JSON.stringify(stream.events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  const parser = createParser({
    onEvent: (message: EventSourceMessage) =>
      stream.events.push({ id: message.id, event: message.event ?? 'message', data: JSON.parse(message.data) }),
    onComment: (comment) => stream.comments.push(comment),
  });
  stream.ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // Closed by the test.
    }
  })();
  return stream;
}
