/**
 * A backup of a running server on PGlite, taken through the command-line tool while messages keep coming, restores
 * into a fresh data directory with every contact, staff member, message up to the moment of the backup, waiting
 * e-mail and file in it; a restore over a database needs --force and keeps what it replaces.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { closeServices, pgliteDir } from '../services.ts';
import { main } from '../cli.ts';
import { startApiServer } from '../../../tests/server/apiServer.ts';
import { conversationDuringBackup, expectRestored } from '../../../tests/server/backupScenario.ts';
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
    ({ fileId } = await conversationDuringBackup(services, server, async () => {
      expect(await main(['backup', file], env)).toBe(0);
      expect(said.join('\n')).toMatch(/^Backed up to .*foyer\.backup .*1 file\./);
    }));
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
    await expectRestored(restoredDb, restored, fileId);
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
