/**
 * A Server-Sent Events stream read with fetch (so the token travels in the Authorization header, never in the URL),
 * that keeps itself connected: it resumes from the last event id, backs off with jitter after failures, comes back
 * at once when the browser is online or the tab visible again, and treats a silent connection as dead.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { heartbeatMs } from '../api/constants.ts';
import { callHeaders } from '../http/headers.ts';
import type { TokenGetter } from './chatApi.ts';

export type StreamState = 'connecting' | 'open' | 'down' | 'stopped';

/** Heartbeats come every 25 s; a minute without a byte means the connection died without telling us. */
export const deadAfterMs = 60_000;
export const backoffFirstMs = 500;
export const backoffMaxMs = 15_000;
/** A stream open this long starts the backoff again when it drops; one that ends sooner counts as a failed try. */
export const steadyAfterMs = 10_000;
/** Statuses that no retry will fix: the stream stops and reports the server's code. */
export const stopStatuses = [400, 401, 403, 404];

export interface EventStreamOptions {
  url: string;
  /**
   * Asked before every (re)connect; null means there is no session any more (stops with `unauthorized`). After a 401
   * it is asked once for a fresh token, and the stream connects again at once; a second 401 stops it.
   */
  getToken: TokenGetter;
  /** Resume after this event id (the `seq` a list answer gave). */
  lastEventId?: string | undefined;
  onEvent: (event: EventSourceMessage) => void;
  /** The state, and with `stopped` the server's error code. */
  onState: (state: StreamState, code?: string) => void;
  deadAfterMs?: number;
  steadyAfterMs?: number;
  backoff?: { firstMs: number; maxMs: number };
  /** Calls `wake` when reconnecting is worth trying now; returns a function that stops listening. */
  wakeUps?: (wake: () => void) => () => void;
  random?: () => number;
}

export interface EventStream {
  close(): void;
  /** Reconnects at once if the stream is waiting to retry (or looks dead). */
  wake(): void;
  lastEventId(): string | undefined;
}

/** The browser's signals that a connection may work again: online, the tab shown, the window focused. */
export function browserWakeUps(wake: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onVisible = () => {
    if (document.visibilityState === 'visible') wake();
  };
  window.addEventListener('online', wake);
  window.addEventListener('focus', wake);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', wake);
    window.removeEventListener('focus', wake);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The delay before retry number `attempt` (0-based): doubling up to the maximum, the upper half jittered. */
export function backoffDelay(attempt: number, { firstMs, maxMs }: { firstMs: number; maxMs: number }, random = Math.random): number {
  const ceiling = Math.min(maxMs, firstMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

async function errorCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    if (typeof body.error?.code === 'string') return body.error.code;
  } catch {
    // Not JSON: fall back to the status below.
  }
  return response.status === 401 ? 'unauthorized' : response.status === 404 ? 'not_found' : 'forbidden';
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const deadMs = options.deadAfterMs ?? deadAfterMs;
  const steadyMs = options.steadyAfterMs ?? steadyAfterMs;
  const backoff = options.backoff ?? { firstMs: backoffFirstMs, maxMs: backoffMaxMs };
  let lastId = options.lastEventId;
  let state: StreamState | undefined;
  let closed = false;
  let attempt = 0;
  /** The server refused the last token (401): the next connect asks for a fresh one, and a second refusal stops. */
  let refused = false;
  /** A server that refused a stream with Retry-After (too many open: 429, 503) is not asked again before this. */
  let notBefore = 0;
  let lastByteAt = 0;
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let deadTimer: ReturnType<typeof setTimeout> | undefined;

  const report = (next: StreamState, code?: string) => {
    if (next === state && !code) return;
    state = next;
    options.onState(next, code);
  };

  const parser = createParser({
    onEvent(event) {
      if (event.id !== undefined) lastId = event.id;
      options.onEvent(event);
    },
  });

  function armDeadTimer() {
    clearTimeout(deadTimer);
    lastByteAt = Date.now();
    deadTimer = setTimeout(() => controller?.abort(new Error('silent')), deadMs);
  }

  function stop(code: string) {
    closed = true;
    clearTimeout(retryTimer);
    clearTimeout(deadTimer);
    controller?.abort();
    unlisten();
    report('stopped', code);
  }

  function scheduleRetry() {
    if (closed) return;
    report('down');
    clearTimeout(retryTimer);
    const wait = Math.max(backoffDelay(attempt, backoff, options.random), notBefore - Date.now());
    retryTimer = setTimeout(() => void connect(), wait);
    attempt += 1;
  }

  async function connect() {
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    controller?.abort();
    const own = new AbortController();
    controller = own;
    if (state === undefined) report('connecting');
    let token: string | null;
    try {
      token = await options.getToken(refused ? { fresh: true } : undefined);
    } catch {
      if (controller === own) scheduleRetry();
      return;
    }
    if (closed || controller !== own) return;
    if (!token) return stop('unauthorized');
    const headers: Record<string, string> = { ...callHeaders(), Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (lastId !== undefined) headers['Last-Event-ID'] = lastId;
    let openedAt: number | undefined;
    try {
      armDeadTimer();
      const response = await fetch(options.url, { headers, signal: own.signal, cache: 'no-store' });
      if (response.status === 401 && !refused) {
        refused = true;
        clearTimeout(deadTimer);
        return void connect();
      }
      if (stopStatuses.includes(response.status)) return stop(await errorCode(response));
      if (!response.ok || !response.body) {
        const retryAfter = Number(response.headers.get('retry-after'));
        if ([429, 503].includes(response.status) && retryAfter > 0) notBefore = Date.now() + Math.min(retryAfter, 3600) * 1000;
        throw new Error(`stream answered ${response.status}`);
      }
      parser.reset();
      refused = false;
      openedAt = Date.now();
      report('open');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        armDeadTimer();
        parser.feed(value);
      }
    } catch {
      // Aborted (closed, dead, or replaced) or the network failed: below decides.
    }
    clearTimeout(deadTimer);
    // Only a stream that stayed open starts the backoff again: a server that ends streams as soon as they open (one
    // failing after its answer has begun) is otherwise asked again twice a second, by every client, for good.
    if (openedAt !== undefined && Date.now() - openedAt >= steadyMs) attempt = 0;
    if (controller === own && !closed) scheduleRetry();
  }

  function wake() {
    if (closed || Date.now() < notBefore) return;
    const silentFor = Date.now() - lastByteAt;
    // A connection that has been quiet for longer than a heartbeat may have died while the machine slept.
    if (state === 'open' && silentFor <= heartbeatMs + 5000) return;
    if (state === 'open' || retryTimer !== undefined) void connect();
  }

  // The browser knows at once when the network is gone; the notice should not wait for the silence timer.
  const onOffline = () => {
    if (!closed && state === 'open') controller?.abort(new Error('offline'));
  };
  if (typeof window !== 'undefined') window.addEventListener('offline', onOffline);
  const stopWakeUps = (options.wakeUps ?? browserWakeUps)(wake);
  const unlisten = () => {
    stopWakeUps();
    if (typeof window !== 'undefined') window.removeEventListener('offline', onOffline);
  };
  void connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(deadTimer);
      unlisten();
      controller?.abort();
    },
    wake,
    lastEventId: () => lastId,
  };
}
