/**
 * A real kill: a child process sends an e-mail and is killed (SIGKILL) after the SMTP server accepted it and before
 * it marked the row. The next worker sends it again once the lease runs out, with the same Message-ID; the row is
 * never lost.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/openDatabase.ts';
import { migrate } from '../db/migrate.ts';
import { silentLog } from '../log.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { enqueueMail } from './outbox.ts';
import { smtpTransport } from './transport.ts';
import { createMailWorker } from './worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'foyer-mail-kill-'));
const dataDir = join(dir, 'pglite');
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher.stop();
  rmSync(dir, { recursive: true, force: true });
});

const module = (name: string) => pathToFileURL(resolve(import.meta.dirname, name)).href;

it('a process killed between SMTP and marking the row: the e-mail is sent again with the same Message-ID, never lost', async () => {
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await enqueueMail(db, 'https://help.example.com', {
    idempotencyKey: 'kill:1',
    kind: 'test',
    to: 'ana@example.com',
    subject: 'Your link',
    text: 'The link',
    html: '<p>The link</p>',
  });
  await db.close();

  const script = join(dir, 'send-and-die.mjs');
  writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(module('../db/openDatabase.ts'))};
     import { createMailWorker } from ${JSON.stringify(module('./worker.ts'))};
     import { smtpTransport } from ${JSON.stringify(module('./transport.ts'))};
     const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
     const log = { info() {}, warn() {}, error() {} };
     const worker = createMailWorker({ db, transport: smtpTransport(${JSON.stringify(catcher.url)}), from: 'Help <help@example.com>', log,
       pollSeconds: 3600, afterSend: () => process.kill(process.pid, 'SIGKILL') });
     await worker.drain();`,
  );
  const signal = await new Promise<NodeJS.Signals | null>((done) => {
    const child = spawn(process.execPath, [script], { stdio: 'inherit' });
    child.on('exit', (_code, killedBy) => done(killedBy));
  });
  expect(signal).toBe('SIGKILL');
  expect(catcher.mails).toHaveLength(1);

  const reopened = await openDatabase({ dataDir });
  try {
    const [claimed] = await reopened.query<{ sent_at: Date | null; attempts: number }>('select sent_at, attempts from mail_outbox');
    expect(claimed).toMatchObject({ sent_at: null, attempts: 1 });
    const worker = createMailWorker({
      db: reopened,
      transport: smtpTransport(catcher.url),
      from: 'Help <help@example.com>',
      log: silentLog,
      pollSeconds: 3600,
    });
    // The dead process's lease still holds: nothing is sent twice while it might still be alive.
    expect(await worker.drain()).toBe(0);
    // Two minutes later.
    await reopened.query(`update mail_outbox set claimed_until = now() - interval '1 second'`);
    expect(await worker.drain()).toBe(1);
    await worker.stop();
    expect(catcher.mails).toHaveLength(2);
    expect(catcher.mails[1]!.messageId).toBe(catcher.mails[0]!.messageId);
    const [sent] = await reopened.query<{ sent_at: Date | null }>('select sent_at from mail_outbox');
    expect(sent!.sent_at).not.toBeNull();
  } finally {
    await reopened.close();
  }
}, 60_000);
