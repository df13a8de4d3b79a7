/**
 * Delivers chat events to the streams open in this process. A change is published after its transaction
 * commits. With PostgreSQL, several Foyer processes share the database: each change also sends a NOTIFY that
 * carries ids only (payloads are capped near 8 KB), sent in the change's transaction or statement so it goes out at
 * commit; every other process reads the event back by its position and delivers it to its own streams. Streams fill any
 * gap from the database themselves (follow.ts), so a lost notification costs latency, never an event.
 */
import type { TypingEvent } from '../../lib/api/chat.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Log } from '../log.ts';
import { eventsAfterPosition, type StoredEvent } from './events.ts';

export type HubEvent = StoredEvent | TypingEvent;

/** Someone whose access can end: a contact (by id) or a staff member (by Firebase uid). */
export interface Who {
  kind: 'contact' | 'staff';
  id: string;
}

export interface Subscriber {
  /** A chat box id, or null for every chat box's stored events (the staff inbox). */
  chatBoxId: string | null;
  /** Who reads: their streams end when their access does. */
  who: Who;
  deliver(event: HubEvent): void;
  /** Notifications may have been missed (the listening connection was replaced): read what is stored. */
  catchUp(): void;
  /** The stream must end: the process is stopping, its chat box was erased, or its reader's access ended. */
  close(): void;
}

export interface ChatHub {
  subscribe(subscriber: Subscriber): void;
  unsubscribe(subscriber: Subscriber): void;
  /** Inside the change's transaction: tells the other processes at commit (PostgreSQL; nothing with PGlite). */
  announce(tx: Queryable, event: StoredEvent): Promise<void>;
  /**
   * For a statement that stores an event and announces it itself: a select-list item over its SQL expressions for
   * the chat box id and the position, or undefined where announcing takes `announce` in a transaction.
   */
  announceInStatement(chatBoxIdSql: string, positionSql: string): string | undefined;
  /** After commit: delivers to this process's streams. */
  publish(event: StoredEvent): void;
  /**
   * Inside the transaction that deletes chat boxes (erasing a contact): their streams in the other processes end
   * at commit. After commit, `endChatBoxes` ends this process's.
   */
  announceEnd(tx: Queryable, chatBoxIds: readonly string[]): Promise<void>;
  endChatBoxes(chatBoxIds: readonly string[]): void;
  /**
   * Inside the transaction that ends someone's access (a contact revoked or erased, a staff member removed): at
   * commit, the other processes end that person's streams and forget what they remember of their access. After
   * commit, `endAccess` does the same in this process.
   */
  announceAccessEnd(tx: Queryable, who: Who): Promise<void>;
  endAccess(who: Who): void;
  /** Someone is typing: not stored, delivered here and announced to the other processes. */
  typing(event: TypingEvent): Promise<void>;
  /**
   * Whether this process hears the others: not needed (PGlite, one process), idle (no stream yet, so not listening),
   * connecting, connected, or failed (retrying after an error).
   */
  listenerState(): ListenerState;
  /**
   * `listener` hears each stored event this process delivers to at least one of its streams, and where it was
   * stored: here (published after commit) or in another process (heard by notification). For the metrics.
   */
  onDelivered(listener: (event: StoredEvent, from: DeliveredFrom) => void): void;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

export type DeliveredFrom = 'this_process' | 'other_process';

export type ListenerState = 'not_needed' | 'idle' | 'connecting' | 'connected' | 'failed';

const channel = 'foyer_chat';

/**
 * `forget`: drops what this process remembers of someone's access (the session-version cache), run wherever their
 * access ends.
 */
export function createChatHub(db: Database, log: Log, forget: (who: Who) => void = () => {}): ChatHub {
  /** This hub, so it skips its own notifications (it has delivered those already). */
  const origin = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const byChatBox = new Map<string, Set<Subscriber>>();
  const everyChatBox = new Set<Subscriber>();
  /** The same subscribers by who reads (`contact:{id}`, `staff:{uid}`). */
  const byReader = new Map<string, Set<Subscriber>>();
  const readerKey = (who: Who) => `${who.kind}:${who.id}`;
  const notifications = db.notifications;
  let listening: Promise<{ close(): Promise<void> } | undefined> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = 1000;
  let listenerUp = false;

  const delivered: ((event: StoredEvent, from: DeliveredFrom) => void)[] = [];
  const subscribersOf = (chatBoxId: string): Iterable<Subscriber> => byChatBox.get(chatBoxId) ?? [];
  function deliver(event: HubEvent, from: DeliveredFrom = 'this_process'): void {
    for (const subscriber of subscribersOf(event.chatBoxId)) subscriber.deliver(event);
    if (event.type === 'typing') return;
    for (const subscriber of everyChatBox) subscriber.deliver(event);
    if (byChatBox.has(event.chatBoxId) || everyChatBox.size > 0) for (const listener of delivered) listener(event, from);
  }
  function endChatBoxes(chatBoxIds: readonly string[]): void {
    for (const chatBoxId of chatBoxIds) for (const subscriber of [...subscribersOf(chatBoxId)]) subscriber.close();
  }
  const everyone = (): Subscriber[] => [...everyChatBox, ...[...byChatBox.values()].flatMap((set) => [...set])];
  function endAccess(who: Who): void {
    forget(who);
    for (const subscriber of [...(byReader.get(readerKey(who)) ?? [])]) subscriber.close();
  }

  async function onNotification(payload: string): Promise<void> {
    const [from, kind, chatBoxId, a, b] = payload.split('|');
    if (from === origin || !chatBoxId) return;
    if (kind === 'e') {
      const position = Number(a);
      if (!byChatBox.has(chatBoxId) && everyChatBox.size === 0) return;
      const [event] = await eventsAfterPosition(db, position - 1, 1);
      if (event?.position === position) deliver(event, 'other_process');
    } else if (kind === 'x') {
      endChatBoxes([chatBoxId]);
    } else if (kind === 'a' && (a === 'contact' || a === 'staff') && b) {
      endAccess({ kind: a, id: decodeURIComponent(b) });
    } else if (kind === 't' && (a === 'contact' || a === 'staff') && b) {
      deliver({ type: 'typing', chatBoxId, sender: { kind: a, id: decodeURIComponent(b) } });
    }
  }

  /** Streams read what is stored once the listening connection is up: anything committed before then is read. */
  const everyoneCatchesUp = () => {
    for (const subscriber of everyone()) subscriber.catchUp();
  };

  function listen(): void {
    if (!notifications || listening || closed) return;
    listening = notifications
      .listen(
        channel,
        (payload) => void onNotification(payload).catch((error: unknown) => log.error('Chat: a notification could not be read:', error)),
        () => {
          log.info('Chat: listening again after the database connection was replaced.');
          everyoneCatchesUp();
        },
      )
      .then(
        (listener) => {
          retryMs = 1000;
          listenerUp = true;
          // Streams that started before this point may have missed another process's event in between.
          everyoneCatchesUp();
          return listener;
        },
        (error: unknown) => {
          // Streams still work within this process; other processes' events come once listening works.
          log.error('Chat: could not listen for other processes’ events; trying again.', error);
          listening = undefined;
          retry = setTimeout(listen, retryMs);
          retry.unref?.();
          retryMs = Math.min(retryMs * 2, 30_000);
          return undefined;
        },
      );
  }

  return {
    listenerState() {
      if (!notifications) return 'not_needed';
      if (retry && !listening) return 'failed';
      if (!listening) return 'idle';
      return listenerUp ? 'connected' : 'connecting';
    },
    subscribe(subscriber) {
      // Stopping: a stream that arrives now ends at once instead of keeping the process.
      if (closed) {
        return subscriber.close();
      }
      listen();
      const set = subscriber.chatBoxId === null ? everyChatBox : (byChatBox.get(subscriber.chatBoxId) ?? new Set());
      if (subscriber.chatBoxId !== null) byChatBox.set(subscriber.chatBoxId, set);
      set.add(subscriber);
      const key = readerKey(subscriber.who);
      byReader.set(key, (byReader.get(key) ?? new Set()).add(subscriber));
    },
    unsubscribe(subscriber) {
      const set = subscriber.chatBoxId === null ? everyChatBox : byChatBox.get(subscriber.chatBoxId);
      set?.delete(subscriber);
      if (subscriber.chatBoxId !== null && set?.size === 0) byChatBox.delete(subscriber.chatBoxId);
      const key = readerKey(subscriber.who);
      const readers = byReader.get(key);
      readers?.delete(subscriber);
      if (readers?.size === 0) byReader.delete(key);
    },
    async announce(tx, event) {
      await notifications?.notify(tx, channel, `${origin}|e|${event.chatBoxId}|${event.position}`);
    },
    announceInStatement(chatBoxIdSql, positionSql) {
      // The origin is digits, letters and '-': safe as a literal.
      return notifications?.notifyInStatement?.(channel, `'${origin}|e|' || ${chatBoxIdSql} || '|' || ${positionSql}`);
    },
    publish: (event) => deliver(event),
    onDelivered(listener) {
      delivered.push(listener);
    },
    async announceEnd(tx, chatBoxIds) {
      for (const chatBoxId of chatBoxIds) await notifications?.notify(tx, channel, `${origin}|x|${chatBoxId}`);
    },
    endChatBoxes,
    async announceAccessEnd(tx, who) {
      // The chat box field is unused here; '-' keeps the payload's shape.
      await notifications?.notify(tx, channel, `${origin}|a|-|${who.kind}|${encodeURIComponent(who.id)}`);
    },
    endAccess,
    async typing(event) {
      deliver(event);
      // Best effort: typing is not worth an error answer when the database is briefly away.
      await notifications
        ?.notify(db, channel, `${origin}|t|${event.chatBoxId}|${event.sender.kind}|${encodeURIComponent(event.sender.id)}`)
        .catch((error: unknown) => log.error('Chat: a typing signal could not reach the other processes:', error));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const subscriber of everyone()) subscriber.close();
      byChatBox.clear();
      everyChatBox.clear();
      byReader.clear();
      await (await listening)?.close();
      listening = undefined;
    },
  };
}
