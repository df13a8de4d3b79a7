/**
 * A real kill: a server process is killed (SIGKILL) half-way through storing an upload, two parts written. What it
 * left is a record never marked complete, which no download and no message can reach, and which housekeeping
 * removes an hour later with every byte of it, on PGlite's disk and in PostgreSQL alike.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/openDatabase.ts';
import { sweep } from '../../maintenance.ts';
import { closeServices, filesDir } from '../../services.ts';
import { startApiServer } from '../../../../tests/server/apiServer.ts';
import { testServices } from '../../../../tests/server/services.ts';

const module = (name: string) => JSON.stringify(pathToFileURL(resolve(import.meta.dirname, name)).href);
const dir = mkdtempSync(join(tmpdir(), 'foyer-upload-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const url = process.env['TEST_DATABASE_URL'];
const databases = [
  { name: 'PGlite', options: () => ({ dataDir: join(dir, 'pglite') }) },
  ...(url ? [{ name: 'PostgreSQL', options: () => ({ url, schema: `foyer_test_kill_${process.pid}` }) }] : []),
];

/** A server in a child process that kills itself when an upload asks for its third part, two written. */
function serverThatDies(options: object): Promise<{ url: string; token: string; chatBoxId: string; exited: Promise<string | null> }> {
  const script = `
    import { openDatabase } from ${module('../../db/openDatabase.ts')};
    import { migrate } from ${module('../../db/migrate.ts')};
    import { testServices } from ${module('../../../../tests/server/services.ts')};
    import { startApiServer } from ${module('../../../../tests/server/apiServer.ts')};
    import { contactWithSession } from ${module('../../../../tests/server/invitations.ts')};
    const db = await openDatabase(${JSON.stringify(options)});
    await migrate(db);
    const services = await testServices(db, { FOYER_DATA_DIR: ${JSON.stringify(dir)} });
    const bytes = services.fileBytes;
    services.fileBytes = {
      ...bytes,
      write: (fileId, variant, parts) => bytes.write(fileId, variant, (async function* () {
        let n = 0;
        for await (const part of parts) {
          if (n++ === 2) process.kill(process.pid, 'SIGKILL');
          yield part;
        }
      })()),
    };
    const server = await startApiServer(services);
    const contact = await contactWithSession(services);
    process.send({ url: server.url, token: contact.token, chatBoxId: contact.chatBoxId });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<string | null>((done) => child.on('exit', (_code, signal) => done(signal)));
  return new Promise((started, failed) => {
    child.once('message', (ready) => started({ ...(ready as { url: string; token: string; chatBoxId: string }), exited }));
    void exited.then((signal) => failed(new Error(`The server ended before it started (${signal}).`)));
  });
}

describe.each(databases)('a server killed mid-upload on $name', ({ options }) => {
  it('leaves an incomplete record nobody can read or attach, which housekeeping removes with its bytes', async () => {
    const server = await serverThatDies(options());
    const body = Buffer.alloc(1024 * 1024, 7);
    Buffer.from('%PDF-1.7\n').copy(body);
    const upload = await fetch(`${server.url}/api/chat/files/upload?chatBoxId=${server.chatBoxId}&name=invoice.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      body,
    }).catch((error: unknown) => error);
    expect(upload).toBeInstanceOf(Error);
    expect(await server.exited).toBe('SIGKILL');

    const db = await openDatabase(options());
    const services = await testServices(db, { FOYER_DATA_DIR: dir });
    const api = await startApiServer(services);
    try {
      const [left] = await db.query<{ id: string; complete: boolean }>(`select id, complete from chat_files`);
      expect(left).toMatchObject({ complete: false });
      const bearer = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
      const { access } = await (
        await fetch(`${api.url}/api/chat/files/access`, {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify({ chatBoxId: server.chatBoxId }),
        })
      ).json();
      expect((await fetch(`${api.url}/api/chat/files/download?fileId=${left!.id}&access=${access}`)).status).toBe(404);
      const send = await fetch(`${api.url}/api/chat/messages/send`, {
        method: 'POST',
        headers: bearer,
        body: JSON.stringify({
          chatBoxId: server.chatBoxId,
          clientId: randomUUID(),
          text: '',
          files: [{ id: left!.id, name: 'invoice.pdf' }],
        }),
      });
      expect(send.status).toBe(404);

      const storedBytes = async () =>
        db.kind === 'pglite'
          ? readdirSync(filesDir(services.config), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
          : (await db.query<{ n: number }>(`select count(*)::integer as n from chat_file_parts`))[0]!.n;
      expect(await storedBytes()).toBeGreaterThan(0);
      // An hour later.
      await db.query(`update chat_files set created_at = now() - interval '61 minutes'`);
      const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
      if (db.kind === 'pglite') {
        for (const name of readdirSync(filesDir(services.config))) utimesSync(join(filesDir(services.config), name), hourAgo, hourAgo);
      }
      await sweep(db, services.fileBytes);
      expect(await db.query(`select id from chat_files`)).toEqual([]);
      expect(await storedBytes()).toBe(0);
    } finally {
      await api.close();
      if (db.kind === 'postgres') await db.exec(`drop schema ${(options() as { schema: string }).schema} cascade`);
      await closeServices(services);
    }
  }, 60_000);
});
