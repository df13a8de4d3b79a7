/**
 * A chat event stream: one chat box's (its contact, or staff) or every chat box's (the staff inbox). It follows from
 * the client's last event (chat/follow.ts), passes on what its reader may see, counts the reader as present while
 * open (chat/presence.ts: someone reading gets no e-mail about it), and ends at once when its caller's access does
 * (a revoked or erased contact, a removed staff member: the hub, in every process); it also asks now and then
 * whether its caller may still read (STREAM_RECHECK_SECONDS), for what ends by itself (a token, a sign-in). A contact's
 * stream ends with their token, so the browser reconnects with the renewed one.
 */
import { contactView, staffView } from '../chat/events.ts';
import { Follower } from '../chat/follow.ts';
import type { HubEvent, Who } from '../chat/hub.ts';
import type { Reader } from '../chat/presence.ts';
import type { ContactSession } from '../contacts/sessionTokens.ts';
import type { Services } from '../services.ts';
import { staffFromToken } from '../staff/signIn.ts';
import { ServerSentEvents } from '../http/eventStream.ts';
import { checkContactAccess } from './callers.ts';
import type { LimitedStream } from './streamLimits.ts';

/**
 * Who reads, with what asking again needs: a contact's session as verified (its token is not kept), a staff
 * member's sign-in token (verified again, so the stream ends once it has expired and is not renewed).
 */
export type StreamCaller =
  ({ kind: 'contact' } & Pick<ContactSession, 'contactId' | 'scope' | 'version'>) | { kind: 'staff'; uid: string; token: string };

export interface ChatStreamOptions {
  /** A chat box id, or null for every chat box (staff only). */
  chatBoxId: string | null;
  /** The last seq (or position) the client has. */
  after: number;
  caller: StreamCaller;
  /** When the caller's token expires (ms since the epoch); Infinity when its stream need not end for it. */
  endsAt: number;
  /** The client's address, for the per-address cap (streamLimits.ts). */
  address: string;
}

/** Who reads a stream: the contact, or the staff member by uid (the hub ends their streams when their access ends). */
const readerOf = (caller: StreamCaller): Who =>
  caller.kind === 'contact' ? { kind: 'contact', id: caller.contactId } : { kind: 'staff', id: caller.uid };

/**
 * Every open chat stream of the process, and one timer that ends the expired ones and asks again for those due,
 * rather than two timers a stream. It ticks once a second (more often when the recheck period is shorter).
 */
const ticking = new Set<ChatStream>();
let ticker: ReturnType<typeof setInterval> | undefined;
let tickMs = Infinity;

function tick(): void {
  const now = Date.now();
  for (const stream of ticking) stream.tick(now);
}

function startTicking(stream: ChatStream, periodMs: number): void {
  ticking.add(stream);
  const wanted = Math.min(1000, periodMs);
  if (ticker && wanted >= tickMs) return;
  clearInterval(ticker);
  tickMs = wanted;
  ticker = setInterval(tick, tickMs);
  ticker.unref?.();
}

function stopTicking(stream: ChatStream): void {
  ticking.delete(stream);
  if (ticking.size > 0) return;
  clearInterval(ticker);
  ticker = undefined;
  tickMs = Infinity;
}

export class ChatStream extends ServerSentEvents implements LimitedStream {
  readonly readerKey: LimitedStream['readerKey'];
  readonly address: string;
  readonly #services: Services;
  readonly #chatBoxId: string | null;
  readonly #caller: StreamCaller;
  readonly #after: number;
  readonly #endsAt: number;
  #checkAt = Infinity;
  #present = false;
  #counted = false;
  #follower: Follower | undefined;

  /** Refused (429, 503) before it is answered when the caps on open streams are reached (streamLimits.ts). */
  constructor(services: Services, { chatBoxId, after, caller, endsAt, address }: ChatStreamOptions) {
    super();
    services.streams.check(address);
    const who = readerOf(caller);
    this.readerKey = `${who.kind}:${who.id}`;
    this.address = address;
    this.#services = services;
    this.#chatBoxId = chatBoxId;
    this.#caller = caller;
    this.#after = after;
    this.#endsAt = endsAt;
  }

  protected opened(): void {
    const { chat, db, log, presence, config, streams } = this.#services;
    // Its reader's oldest stream ends if they now have too many open (never this one, the newest).
    streams.opened(this);
    this.#counted = true;
    presence.open(this.#reader());
    this.#present = true;
    const periodMs = config.STREAM_RECHECK_SECONDS * 1000;
    this.#checkAt = Date.now() + periodMs;
    startTicking(this, periodMs);
    const who = readerOf(this.#caller);
    this.#follower = new Follower({ hub: chat, db, log, chatBoxId: this.#chatBoxId, after: this.#after, who, reader: this });
    // The hub was closing: the follower has ended the stream already.
    if (this.ended) this.#follower.stop();
  }

  protected stopped(): void {
    if (this.#counted) this.#services.streams.closed(this);
    stopTicking(this);
    this.#follower?.stop();
    if (this.#present) this.#services.presence.close(this.#reader());
  }

  /** From the follower: an event in order. */
  deliver(event: HubEvent): void {
    const caller = this.#caller;
    if (event.type === 'typing') {
      // Nobody hears their own typing.
      const { sender } = event;
      if (sender.kind === caller.kind && sender.id === (caller.kind === 'contact' ? caller.contactId : caller.uid)) return;
      return this.send({ event: event.type, data: event });
    }
    if (caller.kind === 'contact') {
      // Without the position, which counts every chat box's events: a contact has no business knowing how many.
      const shown = contactView(event);
      return void (shown && this.send({ id: shown.seq, event: shown.type, data: shown }));
    }
    if (this.#chatBoxId === null) return this.send({ id: event.position, event: event.type, data: staffView(event) });
    const { position: _, ...data } = staffView(event);
    this.send({ id: event.seq, event: event.type, data });
  }

  /** From the shared timer: ends the stream when its token has expired, asks again when due. */
  tick(now: number): void {
    if (now >= this.#endsAt) return this.end();
    if (now < this.#checkAt) return;
    // Not again until this answer is in.
    this.#checkAt = Infinity;
    this.#recheck().then(
      () => {
        if (!this.ended) this.#checkAt = Date.now() + this.#services.config.STREAM_RECHECK_SECONDS * 1000;
      },
      () => this.end(),
    );
  }

  #recheck(): Promise<unknown> {
    const caller = this.#caller;
    const services = this.#services;
    if (caller.kind === 'staff') return staffFromToken(services.db, services.verifyIdToken, caller.token);
    // Contacts read one chat box's stream only.
    return checkContactAccess(services, caller, this.#chatBoxId ?? '');
  }

  #reader(): Reader {
    return this.#caller.kind === 'contact' ? { chatBoxId: this.#chatBoxId ?? '' } : { staffUid: this.#caller.uid };
  }
}
