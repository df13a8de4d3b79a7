/**
 * Where LISTEN/NOTIFY stops scaling, on PostgreSQL alone (no Foyer): 20 connections commit small transactions as
 * fast as they can for a few seconds, each inserting a row shaped like a chat event, with and without a
 * `pg_notify` of a Foyer-sized payload, while 1–32 listening connections (one per Foyer process) each read every
 * notification. PostgreSQL serialises the commits of transactions that notified (one lock for the whole cluster,
 * held through the commit's WAL flush), so this shows the rate of announced changes one server takes, and the
 * notification's delay to the listeners at that rate. Alone: `BENCH_DATABASE_URL=postgres://… node scripts/bench/notifyLimit.mjs`.
 */
import pg from 'pg';
import { percentile } from './chat.mjs';

const databaseName = 'foyer_notify_bench';
const writers = 20;

async function withDatabase(adminUrl, work) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  try {
    return await work(url.href);
  } finally {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}

/** One run: `listeners` listening connections, `notify` or not, for `seconds`. */
async function run(url, { listeners, notify, seconds }) {
  const sentAt = new Map();
  const delays = [];
  const listening = [];
  for (let i = 0; i < listeners; i += 1) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on('notification', ({ payload }) => {
      const at = sentAt.get(payload?.slice(payload.lastIndexOf('|') + 1));
      if (at !== undefined) delays.push(performance.now() - at);
    });
    await client.query('listen foyer_chat');
    listening.push(client);
  }
  const clients = [];
  for (let i = 0; i < writers; i += 1) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
  }
  let commits = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const id = String((next += 1));
        await client.query('begin');
        await client.query('insert into events (chat_box_id, body) values ($1, $2)', [
          'b7a1d9e2-5c1f-4d4e-9a57-3f0c2b1e8d64',
          'x'.repeat(200),
        ]);
        if (notify)
          await client.query('select pg_notify($1, $2)', ['foyer_chat', `1234-abcdefgh|e|b7a1d9e2-5c1f-4d4e-9a57-3f0c2b1e8d64|${id}`]);
        sentAt.set(id, performance.now());
        await client.query('commit');
        commits += 1;
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const client of [...clients, ...listening]) await client.end();
  delays.sort((a, b) => a - b);
  return {
    listeners,
    notify,
    commitsPerSecond: Math.round(commits / seconds),
    ...(notify && {
      delayP50Ms: percentile(delays, 50),
      delayP99Ms: percentile(delays, 99),
      heard: delays.length / Math.max(1, listeners * commits),
    }),
  };
}

export async function measureNotifyLimit(adminUrl, { seconds = 5 } = {}) {
  return withDatabase(adminUrl, async (url) => {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query('create table events (position bigserial primary key, chat_box_id uuid not null, body text not null)');
    await setup.end();
    const runs = [await run(url, { listeners: 1, notify: false, seconds })];
    for (const listeners of [1, 4, 16, 32]) runs.push(await run(url, { listeners, notify: true, seconds }));
    return runs;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server that may create a database.');
  for (const result of await measureNotifyLimit(adminUrl)) console.log(JSON.stringify(result));
}
