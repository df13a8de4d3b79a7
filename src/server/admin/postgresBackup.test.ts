/**
 * The PostgreSQL procedure of docs/operations.md, as written there: pg_dump while Foyer runs and messages keep
 * coming, pg_restore over another Foyer database, and Foyer on that one finds every contact, staff member, waiting e-mail,
 * file and message up to the dump, with no gap, and goes on numbering where the dump stopped.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { readWhole } from '../chat/files/bytes.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { closeServices } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { startApiServer } from '../../../tests/server/apiServer.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';

const run = promisify(execFile);

/** pg_dump refuses a server newer than itself: the server's own major version's tools where installed, else the path's. */
async function tool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ server_version_num: version }] = (await client.query<{ server_version_num: string }>('show server_version_num')).rows as [
      { server_version_num: string },
    ];
    const own = `/usr/lib/postgresql/${Math.floor(Number(version) / 10000)}/bin/${name}`;
    return existsSync(own) ? own : name;
  } finally {
    await client.end();
  }
}
const url = process.env['TEST_DATABASE_URL'];
const names = [`foyer_dump_from_${process.pid}`, `foyer_dump_into_${process.pid}`] as const;
const root = mkdtempSync(join(tmpdir(), 'foyer-pg-dump-'));

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const databaseUrl = (name: string) => Object.assign(new URL(url!), { pathname: `/${name}` }).href;

afterAll(async () => {
  if (url) for (const name of names) await onServer(`drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 65)]);

it.skipIf(!url)(
  'pg_dump of a running server restores with pg_restore over another database, and Foyer runs on it',
  async () => {
    for (const name of names) await onServer(`drop database if exists ${name} with (force)`);
    for (const name of names) await onServer(`create database ${name}`);
    const [from, into] = names.map(databaseUrl) as [string, string];
    const db = await openDatabase({ url: from });
    const services = await testServices(db, { DATABASE_URL: from });
    const server = await startApiServer(services);
    const dump = join(root, 'foyer.dump');
    let fileId: string;
    let chatBoxId: string;
    let token: string;
    try {
      await upsertOrganizationUser(db, { email: 'lee@example.com', role: 'admin', name: 'Lee' });
      const ana = await contactWithSession(services);
      ({ chatBoxId, token } = ana);
      const call = (path: string, body: unknown, init: RequestInit = {}) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          ...init,
        }).then((response) => response.json());
      ({ id: fileId } = (await call(`/api/chat/files/upload?chatBoxId=${chatBoxId}&name=invoice.pdf`, null, { body: pdf })).file);
      const send = (text: string, files: object[] = []) =>
        call('/api/chat/messages/send', { chatBoxId, clientId: randomUUID(), text, files });
      await send('My invoice', [{ id: fileId, name: 'invoice.pdf' }]);
      await enqueueMail(db, services.config.SITE_URL, {
        idempotencyKey: 'dump:1',
        kind: 'test',
        to: 'ana@example.com',
        subject: 'Waiting',
        text: 'Still to send',
        html: '<p>Still to send</p>',
      });

      // Messages keep coming while the dump is taken, as docs/operations.md allows.
      let sending = true;
      let sent = 0;
      const sender = (async () => {
        while (sending) (await send(`message ${sent}`), (sent += 1));
      })();
      await new Promise((done) => setTimeout(done, 100));
      await run(await tool('pg_dump'), ['--format=custom', `--file=${dump}`, from]);
      await new Promise((done) => setTimeout(done, 100));
      sending = false;
      await sender;
    } finally {
      await server.close();
      await closeServices(services);
    }

    // With every process stopped, over another Foyer database (--clean replaces what it holds).
    const other = await openDatabase({ url: into });
    const otherServices = await testServices(other, { DATABASE_URL: into });
    await contactWithSession(otherServices, { name: 'Someone else' });
    await closeServices(otherServices);
    await run(await tool('pg_restore'), ['--clean', '--if-exists', '--no-owner', `--dbname=${into}`, dump]);
    const restoredDb = await openDatabase({ url: into });
    const restored = await testServices(restoredDb, { DATABASE_URL: into });
    try {
      const texts = (await restoredDb.query<{ body: string }>(`select body from messages order by id`)).map((row) => row.body);
      expect(texts[0]).toBe('My invoice');
      expect(texts.slice(1)).toEqual(Array.from({ length: texts.length - 1 }, (_, i) => `message ${i}`));
      expect(texts.length).toBeGreaterThan(1);
      expect(await restoredDb.query(`select email from organization_users`)).toEqual([{ email: 'lee@example.com' }]);
      expect(await restoredDb.query(`select name from contacts`)).toEqual([{ name: 'Ana' }]);
      expect(await restoredDb.query(`select subject from mail_outbox where sent_at is null`)).toEqual([{ subject: 'Waiting' }]);
      expect((await readWhole(restored.fileBytes, fileId, 'original')).equals(pdf)).toBe(true);
      // The contact's session still works (same secret), and numbering goes on after the restored events.
      const restoredServer = await startApiServer(restored);
      try {
        const answer = await fetch(`${restoredServer.url}/api/chat/messages/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ chatBoxId, clientId: randomUUID(), text: 'After the restore' }),
        });
        expect(answer.status).toBe(200);
        const texts = (await restoredDb.query<{ body: string }>(`select body from messages order by id`)).map((row) => row.body);
        expect(texts.at(-1)).toBe('After the restore');
      } finally {
        await restoredServer.close();
      }
    } finally {
      await closeServices(restored);
    }
  },
  60_000,
);
