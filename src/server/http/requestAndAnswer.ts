import { Readable } from 'node:stream';
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
  /** The body as it arrives, for a route that streams it (an upload); it fails if the client goes. */
  stream(): AsyncIterable<Uint8Array>;
  clientAddress: string;
}

/** A JSON answer, a stream of Server-Sent Events (eventStream.ts), or a file's bytes. */
export type ApiAnswer = JsonAnswer | StreamAnswer | FileAnswer;

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

export interface FileAnswer {
  status: number;
  headers: Record<string, string>;
  /** The bytes, read as the client takes them. */
  file: AsyncIterable<Uint8Array>;
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

/** A handler's answer that is a file's bytes (a download), with its headers. */
export class FileReply {
  readonly file: AsyncIterable<Uint8Array>;
  readonly headers: Record<string, string>;
  constructor(file: AsyncIterable<Uint8Array>, headers: Record<string, string>) {
    this.file = file;
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
    stream: () => request.body ?? (async function* () {})(),
    clientAddress,
  };
}

export function toWebResponse(answer: ApiAnswer): Response {
  if ('body' in answer) return new Response(answer.body, { status: answer.status, headers: answer.headers });
  if ('file' in answer) {
    const bytes = Readable.toWeb(Readable.from(answer.file)) as ReadableStream<Uint8Array>;
    return new Response(bytes, { status: answer.status, headers: answer.headers });
  }
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
