/**
 * The PostgreSQL procedure of docs/operations.md, as written there: pg_dump while Foyer runs and messages keep
 * coming, pg_restore over another Foyer database, and Foyer on that one finds every contact, staff member, waiting
 * e-mail, file and message up to the dump, with no gap, and goes on numbering where the dump stopped.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/openDatabase.ts';
import { closeServices } from '../services.ts';
import { startApiServer } from '../../../tests/server/apiServer.ts';
import { conversationDuringBackup, expectRestored } from '../../../tests/server/backupScenario.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { createDatabase, dropDatabase, onServer, url } from '../../../tests/server/postgresDatabase.ts';
import { testServices } from '../../../tests/server/services.ts';

const run = promisify(execFile);
const names = [`foyer_dump_from_${process.pid}`, `foyer_dump_into_${process.pid}`] as const;
const root = mkdtempSync(join(tmpdir(), 'foyer-pg-dump-'));

/** pg_dump refuses a server newer than itself: the server's own major version's tools where installed, else the path's. */
async function tool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const { rows } = await onServer((client) => client.query<{ server_version_num: string }>('show server_version_num'));
  const own = `/usr/lib/postgresql/${Math.floor(Number(rows[0]!.server_version_num) / 10000)}/bin/${name}`;
  return existsSync(own) ? own : name;
}

afterAll(async () => {
  for (const name of names) await dropDatabase(name);
  rmSync(root, { recursive: true, force: true });
});

it.skipIf(!url)(
  'pg_dump of a running server restores with pg_restore over another database, and Foyer runs on it',
  async () => {
    for (const name of names) await dropDatabase(name);
    const [from, into] = [await createDatabase(names[0]), await createDatabase(names[1])];
    const db = await openDatabase({ url: from });
    const services = await testServices(db, { DATABASE_URL: from });
    const server = await startApiServer(services);
    const dump = join(root, 'foyer.dump');
    let fileId: string;
    let chatBoxId: string;
    let token: string;
    try {
      ({ fileId, chatBoxId, token } = await conversationDuringBackup(services, server, async () => {
        await run(await tool('pg_dump'), ['--format=custom', `--file=${dump}`, from]);
      }));
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
      await expectRestored(restoredDb, restored, fileId);
      expect(await restoredDb.query(`select name from contacts`)).toEqual([{ name: 'Ana' }]);
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
