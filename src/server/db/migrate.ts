/**
 * Applies pending migrations at start, all in one transaction behind an advisory lock: running twice does
 * nothing the second time, and two processes starting together take turns.
 */
import type { Database } from './database.ts';
import { migrations as all, type Migration } from './migrations.ts';

// Any fixed number; every Foyer process takes the same lock.
const migrationLock = 4_636_971;

export async function migrate(db: Database, migrations: Migration[] = all): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.query(`create table if not exists schema_migrations (
      id integer primary key, name text not null, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.query<{ id: number }>('select id from schema_migrations')).map((row) => row.id));
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      // One statement at a time: PGlite's parameterised query runs only one, and this keeps errors precise.
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [migration.id, migration.name]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/** Splits migration SQL on semicolons at the end of a line, outside dollar-quoted function bodies (no strings hold one). */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  // A function body ($fn$ … $fn$) holds semicolons of its own: statements end only outside one.
  let quoted = false;
  for (const line of sql.split('\n')) {
    current.push(line.replace(/^\s*--.*$/, ''));
    if ((line.match(/\$[A-Za-z_]*\$/g) ?? []).length % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.join('\n').trim().replace(/;$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n').trim());
  return statements.filter(Boolean);
}
