/**
 * A database of a test's own on the PostgreSQL server TEST_DATABASE_URL names (.ci/run sets it), for tests that run
 * several Foyer processes on one database; `url` is undefined without one, and those tests are skipped.
 */
import pg from 'pg';

export const url = process.env['TEST_DATABASE_URL'];

export async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes the database `name`, answering its URL. */
export async function createDatabase(name: string): Promise<string> {
  await onServer((client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(url!);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.href;
}

export async function dropDatabase(name: string): Promise<void> {
  if (url) await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
}
