/** Opens the database: PGlite in a data directory by default, PostgreSQL when a URL is given. */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Database } from './database.ts';

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite's directory, or `memory://`. */
  dataDir?: string | undefined;
  /** A PostgreSQL schema to work in (tests use one per file); created when missing. */
  schema?: string | undefined;
  /** A PGlite data directory dump to start from (tests load a migrated one: much faster than initdb). */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.url, options.schema);
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await mkdir(resolve(dataDir), { recursive: true });
  const { openPGlite } = await import('./pglite.ts');
  return openPGlite(dataDir, options.loadDataDir);
}
