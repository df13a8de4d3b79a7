/**
 * A backup of a running server on PGlite, taken through the command-line tool while messages keep coming, restores
 * into a fresh data directory with every contact, staff member, message up to the moment of the backup, waiting
 * e-mail and file in it; a restore over a database needs --force and keeps what it replaces.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readWhole } from '../chat/files/bytes.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { closeServices, pgliteDir } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { main } from '../cli.ts';
import { startApiServer } from '../../../tests/server/apiServer.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { testSecret, testServices } from '../../../tests/server/services.ts';
import { startAdminChannel } from './channel.ts';

const root = mkdtempSync(join(tmpdir(), 'foyer-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let said: string[] = [];
beforeEach(() => {
  said = [];
  for (const stream of ['log', 'error'] as const) vi.spyOn(console, stream).mockImplementation((text: string) => void said.push(text));
});
afterEach(() => vi.restoreAllMocks());

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 65)]);

it('backs up a running server mid-conversation and restores it whole into a fresh data directory', async () => {
  const dataDir = join(root, 'running');
  const db = await openDatabase({ dataDir: pgliteDir({ FOYER_DATA_DIR: dataDir }) });
  await migrate(db);
  const services = await testServices(db, { FOYER_DATA_DIR: dataDir });
  const channel = await startAdminChannel(services);
  const server = await startApiServer(services);
  const env = { FOYER_DATA_DIR: dataDir, SESSION_SECRET: testSecret };
  const file = join(root, 'foyer.backup');
  let fileId: string;
  try {
    await upsertOrganizationUser(db, { email: 'lee@example.com', role: 'admin', name: 'Lee' });
    const ana = await contactWithSession(services);
    const call = (path: string, body: unknown, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...init,
      }).then((response) => response.json());
    ({ id: fileId } = (await call(`/api/chat/files/upload?chatBoxId=${ana.chatBoxId}&name=invoice.pdf`, null, { body: pdf })).file);
    const send = (text: string, files: object[] = []) =>
      call('/api/chat/messages/send', { chatBoxId: ana.chatBoxId, clientId: randomUUID(), text, files });
    await send('My invoice', [{ id: fileId, name: 'invoice.pdf' }]);
    await enqueueMail(db, services.config.SITE_URL, {
      idempotencyKey: 'backup:1',
      kind: 'test',
      to: 'ana@example.com',
      subject: 'Waiting',
      text: 'Still to send',
      html: '<p>Still to send</p>',
    });

    // Messages keep coming while the backup is taken.
    let sending = true;
    let sent = 0;
    const sender = (async () => {
      while (sending) (await send(`message ${sent}`), (sent += 1));
    })();
    await new Promise((done) => setTimeout(done, 100));
    expect(await main(['backup', file], env)).toBe(0);
    expect(said.join('\n')).toMatch(/^Backed up to .*foyer\.backup .*1 file\./);
    await new Promise((done) => setTimeout(done, 100));
    sending = false;
    await sender;
    expect(await main(['backup', file], env)).toBe(1);
    expect(said.at(-1)).toMatch(/exists already/);
  } finally {
    await server.close();
    await channel.close();
    await closeServices(services);
  }

  const fresh = join(root, 'fresh');
  const freshEnv = { FOYER_DATA_DIR: fresh, SESSION_SECRET: testSecret };
  expect(await main(['restore', file], freshEnv)).toBe(0);
  expect(said.at(-1)).toMatch(/^Restored the backup of .*: 1 contacts, \d+ messages, 1 staff members, 1 e-mails waiting, 1 files\.$/);
  const restoredDb = await openDatabase({ dataDir: pgliteDir(freshEnv) });
  const restored = await testServices(restoredDb, freshEnv);
  try {
    const texts = (await restoredDb.query<{ body: string }>(`select body from messages order by id`)).map((row) => row.body);
    // Every message up to the moment of the backup, and nothing half: the first ones, in order, with no gap.
    expect(texts[0]).toBe('My invoice');
    expect(texts.slice(1)).toEqual(Array.from({ length: texts.length - 1 }, (_, i) => `message ${i}`));
    expect(texts.length).toBeGreaterThan(1);
    expect(await restoredDb.query(`select email from organization_users`)).toEqual([{ email: 'lee@example.com' }]);
    expect(await restoredDb.query(`select subject from mail_outbox where sent_at is null`)).toEqual([{ subject: 'Waiting' }]);
    expect((await readWhole(restored.fileBytes, fileId, 'original')).equals(pdf)).toBe(true);
  } finally {
    await closeServices(restored);
  }

  // Over a database: only with --force, and what was there is kept beside it.
  expect(await main(['restore', file], freshEnv)).toBe(1);
  expect(said.at(-1)).toMatch(/holds a database\. Restore over it with --force/);
  expect(await main(['restore', file, '--force'], freshEnv)).toBe(0);
  expect(readdirSync(fresh).filter((name) => name.includes('before-restore')).length).toBeGreaterThan(0);
  expect(await main(['restore', join(root, 'nothing.backup')], { ...freshEnv, FOYER_DATA_DIR: join(root, 'other') })).toBe(1);
}, 60_000);
