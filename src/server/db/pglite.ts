/** The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in one directory, one process. */
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database.ts';

export async function openPGlite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const db = await PGlite.create(dataDir.startsWith('memory://') ? undefined : dataDir, {
    ...(loadDataDir && { loadDataDir }),
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });
  const on = (target: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await target.query<T>(sql, params)).rows,
  });
  return {
    kind: 'pglite',
    ...on(db),
    exec: async (sql) => void (await db.exec(sql)),
    transaction: (work) => db.transaction((tx) => work(on(tx))),
    close: () => db.close(),
    dump: () => db.dumpDataDir('none'),
  };
}
