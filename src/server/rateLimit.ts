/** A fixed-window counter per key, kept in the database so every Foyer process behind a balancer shares it. */
import type { Queryable } from './db/database.ts';
import { ApiError } from './errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Counts one hit; past the limit, a 429 that says when to come back (Retry-After, seconds). */
export async function hit(db: Queryable, key: string, { max, windowSeconds }: Limit): Promise<void> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(
    `insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end,
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end
     returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::integer as retry_after`,
    [key, windowSeconds],
  );
  if (row && row.hits > max) {
    const retryAfter = Math.max(1, row.retry_after);
    throw new ApiError(
      429,
      'rate_limited',
      'Too many attempts. Please wait and try again.',
      { retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
}
