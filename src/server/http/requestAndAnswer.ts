import type { EventStream } from './eventStream.ts';

/**
 * One API request and its answer, as plain values: the Node server builds them straight from its socket (no
 * web Request/Response on the hot path), and tests and Astro adapt web Requests to them.
 */
export interface ApiRequest {
  method: string;
  path: string;
  /** The query string's parameters (GET routes read theirs from here). */
  query: URLSearchParams;
  header(name: string): string | null;
  /** Reads the body, at most `limit + 1` bytes (one more tells the API it was too large). */
  body(limit: number): Promise<Uint8Array>;
  clientAddress: string;
}

/** A JSON answer, or a stream of Server-Sent Events (eventStream.ts). */
export type ApiAnswer = JsonAnswer | StreamAnswer;

export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface StreamAnswer {
  status: number;
  headers: Record<string, string>;
  stream: EventStream;
  /** A client that has not taken what was written for this long is cut off (nodeApi.ts); it resumes from its last event. */
  stallMs: number;
}

/** A stream's answer: its headers say every event is to be passed on as it comes. */
export function streamAnswer(stream: EventStream, stallMs: number): StreamAnswer {
  return {
    stallMs,
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

/** A handler's answer with a status and headers of its own: a cookie, or the redirect after a form post. */
export class Reply {
  readonly body: unknown;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(body: unknown, status = 200, headers: Record<string, string> = {}) {
    this.body = body;
    this.status = status;
    this.headers = headers;
  }
}

export function answer(body: unknown, status = 200, headers: Record<string, string> = {}): JsonAnswer {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (stream) {
    const reader = stream.getReader();
    while (size <= limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, limit + 1);
}

export function fromWebRequest(request: Request, clientAddress: string): ApiRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    header: (name) => request.headers.get(name),
    body: (limit) => readLimited(request.body, limit),
    clientAddress,
  };
}

export function toWebResponse(answer: ApiAnswer): Response {
  if ('body' in answer) return new Response(answer.body, { status: answer.status, headers: answer.headers });
  const encoder = new TextEncoder();
  const { stream } = answer;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream.start({
        write: (text) => (controller.enqueue(encoder.encode(text)), true),
        drained: () => Promise.resolve(),
        end: () => {
          stream.stop();
          controller.close();
        },
      });
    },
    cancel: () => stream.stop(),
  });
  return new Response(body, { status: answer.status, headers: answer.headers });
}
