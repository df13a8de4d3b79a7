/**
 * E-mail for the rest of the server: `enqueue` writes an e-mail into the outbox inside the caller's transaction;
 * `poke` (after commit) wakes this process's worker, if it runs one. Null when SMTP_URL or MAIL_FROM is unset
 * (development without the catcher, tests that send nothing): then nothing offers to e-mail.
 */
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Log } from '../log.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { smtpTransport } from './transport.ts';
import { createMailWorker, type MailWorker } from './worker.ts';

export interface Mailer {
  enqueue(tx: Queryable, mail: OutgoingMail): Promise<boolean>;
  poke(): void;
  /** The server process sends; the command-line tool only writes rows, which a running server sends. */
  startWorker(): MailWorker;
  stop(): Promise<void>;
}

export function createMailer(config: Config, db: Database, log: Log): Mailer | null {
  const { SMTP_URL: url, MAIL_FROM: from } = config;
  if (!url || !from) return null;
  let worker: MailWorker | null = null;
  return {
    enqueue: (tx, mail) => enqueueMail(tx, config.SITE_URL, mail),
    poke: () => worker?.poke(),
    startWorker() {
      worker ??= createMailWorker({ db, transport: smtpTransport(url), from, log, pollSeconds: config.MAIL_POLL_SECONDS });
      worker.poke();
      return worker;
    },
    async stop() {
      await worker?.stop();
      worker = null;
    },
  };
}
