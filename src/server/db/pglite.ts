/** The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in one directory, one process. */
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database.ts';
import { makeFilesPrivate } from './dataDirectory.ts';
import { lockDirectory } from './directoryLock.ts';

export async function openPGlite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? async () => {} : await lockDirectory(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create(inMemory ? undefined : dataDir, {
      ...(loadDataDir && { loadDataDir }),
      parsers: { [types.INT8]: (value: string) => Number(value) },
    });
    if (!inMemory) await makeFilesPrivate(dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const on = (target: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await target.query<T>(sql, params)).rows,
  });
  return {
    kind: 'pglite',
    ...on(db),
    exec: async (sql) => void (await db.exec(sql)),
    transaction: (work) => db.transaction((tx) => work(on(tx))),
    close: async () => {
      await db.close();
      await unlock();
    },
    dump: () => db.dumpDataDir('none'),
  };
}
