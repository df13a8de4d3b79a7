/**
 * Caps on the event streams open in this process, so one token, contact or address cannot take the connections
 * (and open files) everyone else needs, and the site and the API keep a reserve however many streams there are:
 * - per reader: a contact's newest STREAMS_PER_CONTACT stay, a staff member's newest STREAMS_PER_STAFF; one more
 *   ends the oldest, so a reload or a new tab never locks anyone out;
 * - per client address: STREAMS_PER_ADDRESS, then 429 with Retry-After;
 * - in all: STREAMS_MAX (by default half the process's open-file limit, at most 10,000), then 503 with Retry-After.
 */
import { readFileSync } from 'node:fs';
import { ApiError } from '../errors.ts';

/** What the limits need of a stream. */
export interface LimitedStream {
  /** `contact:{id}` or `staff:{uid}`. */
  readonly readerKey: `${'contact' | 'staff'}:${string}`;
  readonly address: string;
  end(): void;
}

export interface StreamLimitSettings {
  perReader: { contact: number; staff: number };
  perAddress: number;
  total: number;
}

/** How long a refused client should wait before asking again. */
const retryAfterSeconds = { address: 30, total: 10 };

export class StreamLimits {
  readonly #settings: StreamLimitSettings;
  /** Each reader's streams in the order they opened (a Set keeps it): the first is the oldest. */
  readonly #byReader = new Map<string, Set<LimitedStream>>();
  readonly #byAddress = new Map<string, number>();
  #total = 0;

  constructor(settings: StreamLimitSettings) {
    this.#settings = settings;
  }

  /** Before a stream is answered: refuses it when its address, or the process, has as many open as allowed. */
  check(address: string): void {
    if (this.#total >= this.#settings.total) throw refusal(503, 'server_busy', 'Too many open streams here.', retryAfterSeconds.total);
    if ((this.#byAddress.get(address) ?? 0) >= this.#settings.perAddress) {
      throw refusal(429, 'rate_limited', 'Too many open streams from your address.', retryAfterSeconds.address);
    }
  }

  /** A stream has started: counted, and its reader's oldest streams end while it has more than allowed. */
  opened(stream: LimitedStream): void {
    this.#total += 1;
    this.#byAddress.set(stream.address, (this.#byAddress.get(stream.address) ?? 0) + 1);
    const mine = this.#byReader.get(stream.readerKey) ?? new Set();
    this.#byReader.set(stream.readerKey, mine.add(stream));
    const allowed = this.#settings.perReader[stream.readerKey.startsWith('staff:') ? 'staff' : 'contact'];
    while (mine.size > allowed) {
      const oldest = mine.values().next().value!;
      // Ending it calls closed(), which takes it out of the set.
      mine.delete(oldest);
      oldest.end();
    }
  }

  /** A stream has ended (by either side). Only a stream counted by opened() may be given. */
  closed(stream: LimitedStream): void {
    const mine = this.#byReader.get(stream.readerKey);
    mine?.delete(stream);
    if (mine?.size === 0) this.#byReader.delete(stream.readerKey);
    this.#total -= 1;
    const left = (this.#byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.#byAddress.set(stream.address, left);
    else this.#byAddress.delete(stream.address);
  }

  get open(): number {
    return this.#total;
  }
}

function refusal(status: 429 | 503, code: 'rate_limited' | 'server_busy', message: string, retryAfter: number): ApiError {
  return new ApiError(
    status,
    code,
    `${message} Try again in ${retryAfter} seconds.`,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Half the process's open-file limit (Linux: /proc/self/limits), at most 10,000: the rest stays for pages and the API. */
export function defaultStreamMax(limits = '/proc/self/limits'): number {
  try {
    const soft = Number(/^Max open files\s+(\d+)/m.exec(readFileSync(limits, 'utf8'))?.[1]);
    if (Number.isFinite(soft) && soft > 0) return Math.max(1, Math.min(10_000, Math.floor(soft / 2)));
  } catch {
    // Not Linux: the fixed figure.
  }
  return 10_000;
}
