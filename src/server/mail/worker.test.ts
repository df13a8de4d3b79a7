import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { migrate } from '../db/migrate.ts';
import { silentLog } from '../log.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { smtpTransport } from './transport.ts';
import { createMailWorker, type MailWorkerOptions } from './worker.ts';

const site = 'https://help.example.com';
const from = 'Help <help@example.com>';

function mail(n: number, key = `test:${n}`): OutgoingMail {
  return {
    idempotencyKey: key,
    kind: 'test',
    to: `contact${n}@example.com`,
    subject: `Mail ${n}`,
    text: `Text ${n}`,
    html: `<p>Text ${n}</p>`,
  };
}

describe.each(testDatabases)('the mail outbox on $name', ({ open }) => {
  let db: Database;
  let catcher: MailCatcher;
  const workers: ReturnType<typeof createMailWorker>[] = [];
  const worker = (extra: Partial<MailWorkerOptions> = {}) => {
    const made = createMailWorker({ db, transport: smtpTransport(catcher.url), from, log: silentLog, pollSeconds: 3600, ...extra });
    workers.push(made);
    return made;
  };

  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    catcher = await startMailCatcher();
  });
  afterEach(async () => {
    for (const made of workers.splice(0)) await made.stop();
    await catcher.stop();
    await emptyDatabase(db);
  });

  it('sends each row once, with its own Message-ID, and keeps no body once sent', async () => {
    expect(await enqueueMail(db, site, mail(1))).toBe(true);
    expect(await enqueueMail(db, site, mail(2))).toBe(true);
    // The same cause again (a retried request) writes nothing.
    expect(await enqueueMail(db, site, { ...mail(1), subject: 'again' })).toBe(false);
    expect(await worker().drain()).toBe(2);
    expect(await worker().drain()).toBe(0);
    const rows = await db.query<{ message_id: string; sent_at: Date | null; text_body: string; attempts: number }>(
      'select message_id, sent_at, text_body, attempts from mail_outbox order by id',
    );
    expect(catcher.mails.map((caught) => [caught.subject, caught.to, caught.text.trim()])).toEqual([
      ['Mail 1', 'contact1@example.com', 'Text 1'],
      ['Mail 2', 'contact2@example.com', 'Text 2'],
    ]);
    expect(catcher.mails.map((caught) => caught.messageId)).toEqual(rows.map((row) => row.message_id));
    expect(rows.every((row) => row.sent_at && row.text_body === '' && row.attempts === 1)).toBe(true);
  });

  it('keeps every e-mail while the SMTP server is down, retries later, and delivers each exactly once', async () => {
    await catcher.stop();
    for (let n = 1; n <= 3; n += 1) await enqueueMail(db, site, mail(n));
    const sender = worker();
    expect(await sender.drain()).toBe(0);
    const waiting = await db.query<{ due_in: number; last_error: string; attempts: number }>(
      `select extract(epoch from due_at - now())::float8 as due_in, last_error, attempts from mail_outbox`,
    );
    // The first retry is a minute away, with the reason recorded.
    for (const row of waiting) {
      expect(row.due_in).toBeGreaterThan(50);
      expect(row.due_in).toBeLessThan(61);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.attempts).toBe(1);
    }
    expect(await sender.drain()).toBe(0);
    await catcher.start();
    // A minute passes.
    await db.query(`update mail_outbox set due_at = now() - interval '1 second'`);
    expect(await sender.drain()).toBe(3);
    expect(await sender.drain()).toBe(0);
    expect(catcher.mails.map((caught) => caught.subject).sort()).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
  });

  it('gives up 24 hours after the row was written, and says why', async () => {
    await catcher.stop();
    await enqueueMail(db, site, mail(1));
    await db.query(`update mail_outbox set created_at = now() - interval '24 hours'`);
    expect(await worker().drain()).toBe(0);
    const [row] = await db.query<{ gave_up_at: Date | null; last_error: string | null }>('select gave_up_at, last_error from mail_outbox');
    expect(row!.gave_up_at).not.toBeNull();
    expect(row!.last_error).toBeTruthy();
  });
  // A process killed between SMTP and marking its row: workerKill.test.ts.
});

const url = process.env['TEST_DATABASE_URL'];

// Two Foyer processes on one PostgreSQL, each with its own pool and worker: FOR UPDATE SKIP LOCKED gives every
// row to one of them.
describe.skipIf(!url)('two mail workers on one PostgreSQL', () => {
  const schema = `foyer_test_mail_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dbs: Database[] = [];
  let catcher: MailCatcher;
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const db = await openDatabase({ url: url!, schema });
      if (i === 0) await migrate(db);
      dbs.push(db);
    }
    catcher = await startMailCatcher();
  });
  afterAll(async () => {
    await catcher.stop();
    await dbs[0]!.exec(`drop schema ${schema} cascade`);
    for (const db of dbs) await db.close();
  });

  it('send every row once between them', async () => {
    for (let n = 1; n <= 200; n += 1) await enqueueMail(dbs[0]!, site, mail(n));
    const workers = dbs.map((db) =>
      createMailWorker({ db, transport: smtpTransport(catcher.url), from, log: silentLog, pollSeconds: 3600, batch: 10 }),
    );
    const sent = await Promise.all(workers.map((made) => made.drain()));
    for (const made of workers) await made.stop();
    expect(sent[0]! + sent[1]!).toBe(200);
    expect(sent.every((count) => count > 0)).toBe(true);
    const ids = catcher.mails.map((caught) => caught.messageId);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
  });
});
