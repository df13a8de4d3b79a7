/**
 * Fixed-window counters per key: in the database, so every Foyer process behind a balancer shares them (sign-in
 * attempts), or in this process's memory where a database write per call would cost too much (chat sends).
 */
import type { Queryable } from './db/database.ts';
import { ApiError } from './errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Counts one request towards the limit; past the limit, a 429 that says when to come back (Retry-After, seconds). */
export async function countTowardsLimit(db: Queryable, key: string, { max, windowSeconds }: Limit): Promise<void> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(
    `insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end,
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end
     returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::integer as retry_after`,
    [key, windowSeconds],
  );
  if (row && row.hits > max) throw tooMany(row.retry_after);
}

function tooMany(seconds: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return new ApiError(
    429,
    'rate_limited',
    'Too many attempts. Please wait and try again.',
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Past this many keys, windows that have ended are forgotten. */
const sweepAbove = 10_000;

/**
 * The same count in this process's memory. With several processes on PostgreSQL, each counts its own requests, so
 * a sender spread over N processes gets up to N times the limit: fine for flood control, not for guessing codes.
 */
export function memoryRateLimit({ max, windowSeconds }: Limit, now: () => number = Date.now): (key: string) => void {
  const windows = new Map<string, { start: number; hits: number }>();
  const windowMs = windowSeconds * 1000;
  return (key) => {
    const at = now();
    if (windows.size > sweepAbove) for (const [k, w] of windows) if (at - w.start >= windowMs) windows.delete(k);
    let current = windows.get(key);
    if (!current || at - current.start >= windowMs) windows.set(key, (current = { start: at, hits: 0 }));
    current.hits += 1;
    if (current.hits > max) throw tooMany((current.start + windowMs - at) / 1000);
  };
}
