import { describe, expect, it } from 'vitest';
import { openDatabase } from './openDatabase.ts';
import { migrate, splitStatements } from './migrate.ts';
import { migrations } from './migrations.ts';

const url = process.env['TEST_DATABASE_URL'];

describe('migrations', () => {
  it('apply once on a new PGlite and do nothing the second time', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    expect(await migrate(db)).toEqual(migrations.map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['chat_boxes', 'contacts', 'messages', 'one_time_codes', 'organization_users', 'schema_migrations']),
    );
    await db.close();
  });

  it('roll back entirely when one statement fails', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    const broken = [...migrations, { id: 999, name: 'broken', sql: 'create table good_one (id int);\nselect * from no_such_table;' }];
    await expect(migrate(db, broken)).rejects.toThrow(/no_such_table/);
    const [{ exists }] = (await db.query<{ exists: boolean }>(`select to_regclass('good_one') is not null as exists`)) as [
      { exists: boolean },
    ];
    expect(exists).toBe(false);
    expect(await migrate(db)).toEqual(migrations.map((m) => m.id));
    await db.close();
  });

  it.skipIf(!url)('run from two processes at once on PostgreSQL: one applies, the other waits and finds them done', async () => {
    const schema = `foyer_test_migrate_${Math.random().toString(36).slice(2, 8)}`;
    const [a, b] = await Promise.all([openDatabase({ url, schema }), openDatabase({ url, schema })]);
    const [first, second] = await Promise.all([migrate(a), migrate(b)]);
    expect([...first, ...second].sort((x, y) => x - y)).toEqual(migrations.map((m) => m.id));
    expect((await a.query('select * from schema_migrations')).length).toBe(migrations.length);
    await a.exec(`drop schema ${schema} cascade`);
    await Promise.all([a.close(), b.close()]);
  });

  it('split on statement ends and drop comments', () => {
    expect(splitStatements('create function f() returns int language plpgsql as $fn$\nbegin\n  return 1;\nend\n$fn$;\nselect 1;')).toEqual([
      'create function f() returns int language plpgsql as $fn$\nbegin\n  return 1;\nend\n$fn$',
      'select 1',
    ]);
    expect(splitStatements('-- note\ncreate table a (x int);\n\ncreate index b on a (x);\n')).toEqual([
      'create table a (x int)',
      'create index b on a (x)',
    ]);
  });
});
