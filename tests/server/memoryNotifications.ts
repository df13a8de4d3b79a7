/**
 * A test double of the fan-out's carrier (`Notifications` in src/server/db/database.ts): an in-memory bus that
 * several "processes" (sets of services on one database, each with its own hub) share, with no statement-level
 * notify, as a carrier outside the database would have. It keeps the contract the hub relies on: a notification made
 * in a transaction goes out after commit and never on rollback, delivery is asynchronous, and the bus can be cut,
 * losing what is sent meanwhile, until it is restored and every listener is told to read back what it missed.
 */
import type { Database, Notifications, Queryable } from '../../src/server/db/database.ts';

interface Listener {
  channel: string;
  onPayload: (payload: string) => void;
  onReconnect: () => void;
}

export interface MemoryCarrier {
  /** The database as one process sees it: the same tables, this bus for notifications. */
  attach(db: Database): Database;
  /** From now on notifications are lost, as while a listening connection is down. */
  cut(): void;
  /** Delivers again, and tells every listener that it may have missed some. */
  restore(): void;
  /** Notifications sent so far (lost ones too). */
  readonly sent: number;
}

export function memoryCarrier(): MemoryCarrier {
  const listeners = new Set<Listener>();
  /** A transaction's queryable → what it notified, sent at commit. */
  const pending = new WeakMap<Queryable, [string, string][]>();
  let down = false;
  let sent = 0;

  function send(channel: string, payload: string): void {
    sent += 1;
    if (down) return;
    for (const listener of listeners) {
      if (listener.channel === channel) setImmediate(() => listener.onPayload(payload));
    }
  }

  const notifications: Notifications = {
    async notify(tx, channel, payload) {
      const queued = pending.get(tx);
      if (queued) queued.push([channel, payload]);
      else send(channel, payload);
    },
    async listen(channel, onPayload, onReconnect) {
      const listener = { channel, onPayload, onReconnect };
      listeners.add(listener);
      return { close: async () => void listeners.delete(listener) };
    },
  };

  return {
    attach(db) {
      return {
        kind: db.kind,
        notifications,
        query: (sql, params) => db.query(sql, params),
        exec: (sql) => db.exec(sql),
        close: () => db.close(),
        async transaction(work) {
          const queued: [string, string][] = [];
          const result = await db.transaction((tx) => {
            const marked: Queryable = { query: (sql, params) => tx.query(sql, params) };
            pending.set(marked, queued);
            return work(marked);
          });
          for (const [channel, payload] of queued) send(channel, payload);
          return result;
        },
      };
    },
    cut() {
      down = true;
    },
    restore() {
      down = false;
      for (const listener of listeners) setImmediate(listener.onReconnect);
    },
    get sent() {
      return sent;
    },
  };
}
