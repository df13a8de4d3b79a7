/**
 * The id a reconnecting event-stream client saw last, from the standard Last-Event-ID header; undefined on a first
 * connect. The route clamps it to the stream's current id: a client cannot have seen past it (a reset database).
 */
import { ApiError } from '../errors.ts';

export function lastEventId(header: string | null): number | undefined {
  if (header === null || header === '') return undefined;
  if (!/^\d+$/.test(header)) throw new ApiError(400, 'invalid_body', 'Last-Event-ID must be the id of an event of this stream.');
  return Math.min(Number(header), Number.MAX_SAFE_INTEGER);
}
