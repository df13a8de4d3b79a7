/** A PostgreSQL server through node-postgres: a pool of connections, optionally inside one schema. */
import pg from 'pg';
import type { Database, Queryable, Row } from './database.ts';

// 64-bit integers (ids, counts) as numbers, as PGlite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !identifier.test(schema)) throw new Error(`"${schema}" is not a usable schema name (lowercase letters, digits, _).`);
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    // Two processes creating it at once make "if not exists" fail for one of them; either way it exists.
    await setup.query(`create schema if not exists ${schema}`).catch((error: { code?: string }) => {
      if (error.code !== '23505' && error.code !== '42P06') throw error;
    });
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema && { options: `-c search_path=${schema}` }) });
  pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
  const on = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await target.query<T>(sql, params)).rows,
  });
  return {
    kind: 'postgres',
    ...on(pool),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(on(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
