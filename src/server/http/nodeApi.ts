/**
 * Serves /api/* straight from Node's HTTP server, without web Request/Response objects. Going through
 * Astro's page pipeline capped even an empty endpoint at about 3,100 requests a second on the 2-core
 * reference machine, below the 5,000 the API must sustain (see docs/performance.md, Budgets).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StreamSink } from './eventStream.ts';
import type { ApiRequest, FileAnswer, StreamAnswer } from './requestAndAnswer.ts';
import type { Api } from './router.ts';

/**
 * Reads at most `limit + 1` bytes (one more tells the API the body is too large). Past that it stops at once; the
 * answer then closes the connection (see serveApi), so an endless upload cannot hold it open.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      req.off('data', onData);
      req.off('end', onEnd);
      resolve(Buffer.concat(chunks).subarray(0, limit + 1));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('aborted')));
  });
}

export async function serveApi(
  api: Api,
  req: IncomingMessage,
  res: ServerResponse,
  target: Pick<URL, 'pathname' | 'searchParams'>,
  clientAddress: string,
  /** Security headers (securityHeaders.ts), sent with every answer. */
  security: Record<string, string>,
): Promise<void> {
  const request: ApiRequest = {
    method: req.method ?? 'GET',
    path: target.pathname,
    query: target.searchParams,
    header: (name) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    },
    body: (limit) => readBody(req, limit),
    stream: () => req,
    clientAddress,
  };
  const answer = await api.answer(request);
  if (res.destroyed) return;
  if ('stream' in answer) return serveStream(answer, req, res, security);
  if ('file' in answer) return serveFile(answer, res, security);
  const { status, headers, body } = answer;
  // Answered before its body arrived (a 413 from Content-Length, a refusal): say the connection ends with it.
  const closing = req.complete ? {} : { Connection: 'close' };
  res.writeHead(status, { ...security, ...headers, ...closing, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** A file's bytes as the client takes them; a failure past the headers can only cut the connection. */
async function serveFile(answer: FileAnswer, res: ServerResponse, security: Record<string, string>): Promise<void> {
  res.writeHead(answer.status, { ...security, ...answer.headers });
  await pipeline(Readable.from(answer.file), res).catch(() => res.destroy());
}

/**
 * Where an event stream writes: the Node response. A class, as it lives as long as the stream (see ServerSentEvents).
 * A client that stops reading would have everything written for it kept, by Node and by the kernel, for as long as
 * it stays connected: once a write has to wait, the client has `stallMs` to take it, or the connection is cut; and
 * once `maxWaitingBytes` wait in Node, at once. The cut is a reset, which frees the kernel's buffers too (a plain
 * close would leave them queued behind a window the client never opens).
 */
class ResponseSink implements StreamSink {
  /** The kernel holds megabytes for a client before Node must keep anything: past this, nobody is reading. */
  static readonly maxWaitingBytes = 1 << 20;
  readonly #res: ServerResponse;
  readonly #stallMs: number;
  /** Set only while writes wait for the client. */
  #stalled: ReturnType<typeof setTimeout> | undefined;
  constructor(res: ServerResponse, stallMs: number) {
    this.#res = res;
    this.#stallMs = stallMs;
  }
  write(text: string): boolean {
    const res = this.#res;
    const flowing = res.write(text);
    if (flowing || res.destroyed) return flowing;
    if (res.writableLength > ResponseSink.maxWaitingBytes) {
      this.#cut();
      return false;
    }
    if (!this.#stalled) {
      this.#stalled = setTimeout(() => this.#cut(), this.#stallMs);
      this.#stalled.unref?.();
      const flowingAgain = () => {
        clearTimeout(this.#stalled);
        this.#stalled = undefined;
        res.off('close', flowingAgain);
      };
      res.once('drain', flowingAgain);
      res.once('close', flowingAgain);
    }
    return false;
  }
  #cut(): void {
    const socket = this.#res.socket;
    if (socket && !socket.destroyed) socket.resetAndDestroy();
    else this.#res.destroy();
  }
  drained(): Promise<void> {
    const res = this.#res;
    if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
    return new Promise<void>((done) => {
      res.once('drain', done);
      res.once('close', done);
    });
  }
  end(): void {
    this.#res.end();
  }
}

/** Writes a Server-Sent Events answer: each event goes out as written; it ends when either side ends it. */
function serveStream(
  { status, headers, stream, stallMs }: StreamAnswer,
  req: IncomingMessage,
  res: ServerResponse,
  security: Record<string, string>,
): void {
  req.socket.setNoDelay(true);
  // No timeout on an open stream: heartbeats keep it alive.
  req.socket.setTimeout(0);
  res.writeHead(status, { ...security, ...headers });
  res.flushHeaders();
  // Node keeps a request for as long as its answer lasts, and nothing reads a stream's request headers once it is
  // open: a browser's (cookies, the bearer token, the user agent…) would stay with every idle stream.
  req.rawHeaders = [];
  req.headers = {};
  // Listening first, so a stream whose start fails half-way is still stopped when the answer closes. 'close' comes
  // once; `once` would wrap the listener for the stream's whole life.
  res.on('close', () => stream.stop());
  stream.start(new ResponseSink(res, stallMs));
}
