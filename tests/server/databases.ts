/**
 * The databases server tests run against: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * One database per test file (PGlite from the run's migrated dump, PostgreSQL in a schema of its own),
 * emptied between tests.
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/openDatabase.ts';
import { migrate } from '../../src/server/db/migrate.ts';

export interface TestDatabase {
  name: string;
  open(): Promise<Database>;
}

async function openPGlite(): Promise<Database> {
  const dump = await readFile(inject('pgliteDump'));
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
}

async function openPostgres(url: string): Promise<Database> {
  const schema = `foyer_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await openDatabase({ url, schema });
  await migrate(db);
  const close = db.close.bind(db);
  // Leave the shared test database as it was found.
  return { ...db, close: async () => (await db.exec(`drop schema ${schema} cascade`), close()) };
}

const url = process.env['TEST_DATABASE_URL'];

export const testDatabases: TestDatabase[] = [
  { name: 'PGlite', open: openPGlite },
  ...(url ? [{ name: 'PostgreSQL', open: () => openPostgres(url) }] : []),
];

export async function emptyDatabase(db: Database): Promise<void> {
  await db.exec(
    'truncate chat_events, read_cursors, messages, one_time_codes, chat_boxes, contacts, organization_users, rate_limits, mail_outbox, stream_presence, article_votes, search_misses, tags, saved_replies, organization_settings, staff_mutes, chat_starts, blocked_addresses restart identity cascade',
  );
}
