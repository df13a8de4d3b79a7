/**
 * Sends the outbox (outbox.ts): claims due rows with a short lease (FOR UPDATE SKIP LOCKED, so processes sharing
 * PostgreSQL never take the same row), hands each to SMTP, marks it sent, and on failure tries again later
 * (1 min, 5 min, 30 min, 1 h, 2 h, then every 4 h), giving up 24 h after the row was written and recording why.
 *
 * A process killed after the SMTP server accepted an e-mail and before the row was marked sends it again when the
 * lease runs out: SMTP has no way to ask "did you already take this one?", so the copy carries the same
 * Message-ID, by which mail servers and clients recognise a duplicate. Nothing is ever lost: a row stays until
 * it is marked sent or given up.
 */
import type { Database } from '../db/database.ts';
import type { Log } from '../log.ts';
import type { MailTransport } from './transport.ts';

/** Minutes to wait after the nth failed attempt (the last one repeats). */
export const retryMinutes = [1, 5, 30, 60, 120, 240];
export const giveUpHours = 24;
/** How long a claimed row is this worker's; after that another may send it (the first one died). */
export const leaseSeconds = 120;

interface ClaimedRow {
  id: number;
  recipient: string;
  message_id: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
  attempts: number;
  created_at: Date;
  [key: string]: unknown;
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Log;
  pollSeconds: number;
  /** Rows claimed at a time. */
  batch?: number;
  /** Tests: called after the SMTP server accepted a row and before it is marked (the crash window). */
  afterSend?: (id: number) => void;
}

export interface MailWorker {
  /** Sends what is due now, batch by batch, until nothing is; returns how many were sent. */
  drain(): Promise<number>;
  /** Looks at the outbox soon (after a row was written). */
  poke(): void;
  /** Stops looking and waits for the sends under way. */
  stop(): Promise<void>;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, from, log } = options;
  const batch = options.batch ?? 20;
  let stopped = false;
  let running: Promise<number> | null = null;

  async function claim(): Promise<ClaimedRow[]> {
    return db.query<ClaimedRow>(
      `update mail_outbox set claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
       where id in (
         select id from mail_outbox
         where sent_at is null and gave_up_at is null and due_at <= now() and (claimed_until is null or claimed_until < now())
         order by due_at, id limit $1 for update skip locked)
       returning id, recipient, message_id, subject, text_body, html_body, headers, attempts, created_at`,
      [batch, leaseSeconds],
    );
  }

  async function sendOne(row: ClaimedRow): Promise<boolean> {
    const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
    try {
      await transport.send({
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: row.message_id,
        headers,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const wait = retryMinutes[Math.min(row.attempts, retryMinutes.length) - 1]!;
      const giveUp = Date.now() + wait * 60_000 > row.created_at.getTime() + giveUpHours * 3_600_000;
      await db.query(
        giveUp
          ? `update mail_outbox set claimed_until = null, last_error = $2, gave_up_at = now() where id = $1`
          : `update mail_outbox set claimed_until = null, last_error = $2, due_at = now() + make_interval(mins => $3) where id = $1`,
        giveUp ? [row.id, reason.slice(0, 1000)] : [row.id, reason.slice(0, 1000), wait],
      );
      if (giveUp) log.error(`E-mail ${row.id} to ${row.recipient} given up after ${row.attempts} attempts: ${reason}`);
      else log.warn(`E-mail ${row.id} not sent (attempt ${row.attempts}), trying again in ${wait} min: ${reason}`);
      return false;
    }
    options.afterSend?.(row.id);
    // The bodies go once sent: they carry one-time codes, which the database otherwise keeps only as hashes.
    await db.query(`update mail_outbox set sent_at = now(), claimed_until = null, text_body = '', html_body = '' where id = $1`, [row.id]);
    return true;
  }

  async function drainNow(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const rows = await claim();
      if (rows.length === 0) return sent;
      const results = await Promise.all(rows.map(sendOne));
      sent += results.filter(Boolean).length;
      // Everything claimed failed: the rows wait for their retry time; do not spin on them.
      if (results.every((ok) => !ok)) return sent;
    }
  }

  /** Covers everything due when it is called: a run already under way is waited for, then another one runs. */
  async function drain(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = drainNow().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => void drain().catch((error: unknown) => log.error('The mail worker failed', error));
  const timer = setInterval(tick, options.pollSeconds * 1000);
  timer.unref();

  return {
    drain,
    poke: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
