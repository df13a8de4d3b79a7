/** Typing signals: not stored; one per sender and chat box every 2 s at most (kept in this process's memory). */
import { typingEveryMs, type Participant } from '../../lib/api/chat.ts';
import { ApiError } from '../errors.ts';
import type { ChatHub } from './hub.ts';

/** Past this many remembered senders, the ones older than the interval are forgotten. */
const sweepAbove = 10_000;

export function typingSignals(hub: ChatHub, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return async (chatBoxId: string, sender: Participant): Promise<void> => {
    const key = `${chatBoxId}|${sender.kind}|${sender.id}`;
    const at = now();
    const wait = (last.get(key) ?? -Infinity) + typingEveryMs - at;
    if (wait > 0) {
      const retryAfter = Math.ceil(wait / 1000);
      throw new ApiError(
        429,
        'rate_limited',
        'Typing is signalled at most every 2 seconds.',
        { retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
    if (last.size > sweepAbove) for (const [k, t] of last) if (at - t >= typingEveryMs) last.delete(k);
    last.set(key, at);
    await hub.typing({ type: 'typing', chatBoxId, sender });
  };
}
