/**
 * Every request from the socket to the API or the site. Whatever a client sends, the server answers and keeps
 * serving: a target that names nothing here gets a 400, anything thrown on the way a logged, bare 500.
 */
import compression from 'compression';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { constants } from 'node:zlib';
import type { Api } from './router.ts';
import { ApiError, errorAnswer } from '../errors.ts';
import type { Log } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { serveApi } from './nodeApi.ts';
import type { PrecompressedHandler } from './precompressed.ts';
import { requestTarget } from './requestTarget.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Pages take no uploads: a body this large sent to one is refused before it is read. */
export const maxPageBodyBytes = 16 * 1024;

export interface HandlerParts {
  api: Api;
  site: NodeHandler;
  /** Built files with Brotli and gzip copies (precompressed.ts); none in tests that serve no site. */
  precompressed?: PrecompressedHandler;
  headersFor: (pathname: string) => Record<string, string>;
  clientAddress: (req: IncomingMessage) => string;
  log: Log;
  /** /healthz, /readyz and /metrics (operations.ts): true when it answered. */
  operations?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** Counts every answer by route (metrics.ts). */
  metrics?: Pick<Metrics, 'observe'>;
  /** The API's declared paths: a route label each; anything else under /api/ is one label. */
  apiPaths?: ReadonlySet<string>;
  /** True once the process is stopping (main.ts): it then takes no new API request. */
  stopping?: () => boolean;
}

/** The route a request is counted under: an API path declared, or one word for everything else. */
export function routeLabel(pathname: string, apiPaths: ReadonlySet<string>): string {
  if (pathname.startsWith('/api/')) return apiPaths.has(pathname) ? pathname : '/api/other';
  return ['/healthz', '/readyz', '/metrics'].includes(pathname) ? pathname : 'site';
}

function plainAnswer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * An answer given before the request's body has arrived (a 413, an error) ends the connection rather than reading an
 * upload nobody wants: the answer goes out, then a half-close, then a short linger so the client reads it before
 * the socket goes (closing at once could reset the connection and lose the answer).
 */
function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  // 'finish' comes once; `once` would wrap the listener, for an event stream's whole life.
  res.on('finish', () => {
    if (req.complete) return;
    req.resume();
    req.socket.end();
    setTimeout(() => req.socket.destroy(), 1000).unref();
  });
}

/**
 * What has no compressed copy (on-demand pages, API answers) is compressed as it goes out, when it is 1 KB or more
 * and of a compressible type: at fast levels, since this runs for every request.
 */
const compressOnTheFly = compression({
  threshold: 1024,
  level: constants.Z_BEST_SPEED,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
}) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function requestHandler({
  api,
  site,
  precompressed,
  headersFor,
  clientAddress,
  log,
  operations,
  metrics,
  apiPaths = new Set(),
  stopping = () => false,
}: HandlerParts): NodeHandler {
  const failed =
    (req: IncomingMessage, res: ServerResponse, security: Record<string, string> = {}) =>
    (error: unknown) => {
      // The path only: a query may hold a token (an e-mail's link).
      const pathname = (req.url ?? '').split('?')[0];
      log.error(`Unexpected error answering ${req.method} ${pathname}:`, error, { requestId: String(req.headers['x-request-id'] ?? '') });
      const { status, headers, body } = errorAnswer(error, () => {});
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { ...security, ...headers, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    };
  return (req, res) => {
    closeAfterEarlyAnswer(req, res);
    try {
      const target = requestTarget(req.url);
      if (!target) return plainAnswer(res, 400, 'Bad request.');
      req.url = target.url;
      // One id a request, in its log lines and its answer: a proxy's own (X-Request-Id) when it looks like one.
      const requestId = requestIdOf(req.headers['x-request-id']);
      req.headers['x-request-id'] = requestId;
      res.setHeader('X-Request-Id', requestId);
      if (metrics) count(metrics, req, res, routeLabel(target.pathname, apiPaths));
      if (operations?.(req, res, target.pathname)) return;
      const security = headersFor(target.pathname);
      const toApi = target.pathname.startsWith('/api/');
      if (stopping()) {
        // On its way out, a process closes each connection after its answer, and takes no new API request (an
        // event stream would end at once): a proxy sends the request to another process (nginx: proxy_next_upstream
        // http_503, for a GET), a client tries again.
        res.setHeader('Connection', 'close');
        if (toApi) {
          const { status, headers, body } = errorAnswer(
            new ApiError(503, 'server_busy', 'This process is stopping. Try again in 1 second.', { retryAfter: 1 }, { 'Retry-After': '1' }),
          );
          res.writeHead(status, { ...security, ...headers, 'Content-Length': Buffer.byteLength(body) });
          return void res.end(body);
        }
      }
      // A built page's file named outright (…/index.html) would be served, and its relative links then resolve
      // against the wrong folder: its address is the folder's.
      if (!toApi && target.pathname.endsWith('/index.html')) {
        const canonical = target.pathname.slice(0, -'/index.html'.length) || '/';
        return plainAnswer(res, 301, 'Moved permanently.', { ...security, Location: canonical + target.url.slice(target.pathname.length) });
      }
      // The API's answers take them with their status (nodeApi.ts): set one by one here, Node would keep a copy of
      // them, and an open event stream would hold it for its whole life.
      if (!toApi) for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
      if (!toApi && precompressed?.(req, res, target.pathname)) return;
      const serve = () => {
        if (toApi) return void serveApi(api, req, res, target, clientAddress(req), security).catch(failed(req, res, security));
        if (Number(req.headers['content-length'] ?? 0) > maxPageBodyBytes) {
          return plainAnswer(res, 413, 'Payload too large.', { Connection: 'close' });
        }
        void Promise.resolve(site(req, res)).catch(failed(req, res));
      };
      // An event stream is never compressed (each event goes out as written; its answer says no-transform), so it
      // skips the wrapper, which would otherwise sit on every open stream for its whole life.
      if (req.headers.accept?.includes('text/event-stream')) return serve();
      compressOnTheFly(req, res, serve);
    } catch (error) {
      failed(req, res)(error);
    }
  };
}

const requestIdPattern = /^[\w.:-]{8,128}$/;
export const requestIdOf = (given: string | string[] | undefined) =>
  typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();

/** Counts the answer when it has gone (an event stream when it ends, without a time: it lasts as long as it is read). */
function count(metrics: Pick<Metrics, 'observe'>, req: IncomingMessage, res: ServerResponse, route: string): void {
  const started = performance.now();
  const stream = req.headers.accept?.includes('text/event-stream');
  res.on('close', () =>
    metrics.observe(route, req.method ?? 'GET', res.statusCode, stream ? undefined : (performance.now() - started) / 1000),
  );
}

/** CONNECT (a tunnel to `host:port`) is for proxies; Node would drop the socket unanswered. */
export function refuseTunnel(_req: IncomingMessage, socket: Duplex): void {
  socket.end(
    'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 12\r\n\r\nBad request.',
  );
}
