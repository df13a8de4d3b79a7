/**
 * Who is reading right now: the chat boxes whose contact has an event stream open and the staff members who have
 * one, so missed-message e-mails (mail/missedMessages.ts) go only to someone who is away. Each process counts its
 * own streams and keeps its row of stream_presence current: soon after a change, and every `refreshMs` while it
 * lives. The row of a process that died stops counting when its `alive_until` passes (three refreshes).
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { Log } from '../log.ts';

export type Reader = { chatBoxId: string } | { staffUid: string };

export interface Presence {
  /** A stream opened. */
  open(reader: Reader): void;
  /** A stream opened with `open` ended: once for each open. */
  close(reader: Reader): void;
  /** Removes this process's row (a clean stop). */
  stop(): Promise<void>;
}

/** Nobody is counted (e-mail is off, so nothing asks). */
export const noPresence: Presence = { open() {}, close() {}, stop: async () => {} };

export function streamPresence(db: Queryable, log: Log, { refreshMs = 30_000, settleMs = 250 } = {}): Presence {
  const process = `${globalThis.process.pid}-${randomBytes(6).toString('hex')}`;
  const chatBoxes = new Map<string, number>();
  const staff = new Map<string, number>();
  let pending: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  let refresh: NodeJS.Timeout | undefined;

  const write = () => {
    pending = undefined;
    const chatBoxIds = [...chatBoxes.keys()];
    const staffUids = [...staff.keys()];
    const empty = chatBoxIds.length === 0 && staffUids.length === 0;
    // Refreshed only while someone reads: an idle process has no timer and no row.
    if (empty) {
      clearInterval(refresh);
      refresh = undefined;
    } else if (!refresh) {
      refresh = setInterval(write, refreshMs);
      refresh.unref?.();
    }
    // One write at a time, in order: the last one written is the current state.
    writing = writing
      .then(() =>
        empty
          ? db.query(`delete from stream_presence where process = $1`, [process])
          : db.query(
              `insert into stream_presence (process, chat_box_ids, staff_uids, alive_until)
               values ($1, $2, $3, now() + make_interval(secs => $4))
               on conflict (process) do update
                 set chat_box_ids = excluded.chat_box_ids, staff_uids = excluded.staff_uids, alive_until = excluded.alive_until`,
              [process, chatBoxIds, staffUids, (refreshMs * 3) / 1000],
            ),
      )
      .then(
        () => undefined,
        (error: unknown) => log.error('Presence: could not record the open streams:', error),
      );
  };
  // Many streams opening at once (a restart's reconnects) make one write.
  const soon = () => {
    if (!stopped) pending ??= setTimeout(write, settleMs);
  };

  const count = (reader: Reader, by: number) => {
    const [counts, key] = 'chatBoxId' in reader ? [chatBoxes, reader.chatBoxId] : [staff, reader.staffUid];
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
    // Only a reader arriving or leaving altogether changes the row.
    if (next === 0 || (by > 0 && next === 1)) soon();
  };

  return {
    open: (reader) => count(reader, 1),
    close: (reader) => count(reader, -1),
    async stop() {
      stopped = true;
      clearInterval(refresh);
      clearTimeout(pending);
      await writing;
      if (refresh) await db.query(`delete from stream_presence where process = $1`, [process]).catch(() => undefined);
    },
  };
}
