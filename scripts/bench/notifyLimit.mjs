/**
 * Where LISTEN/NOTIFY stops scaling, on PostgreSQL alone (no Foyer): 20 connections store a row shaped like a chat
 * event as fast as they can for a few seconds, each in one statement as a Foyer send is (an insert, and with NOTIFY
 * a `pg_notify` of a Foyer-sized payload in the same statement), while 1–32 listening connections (one per Foyer
 * process) hear every notification, in two threads of their own. With `readBack`, each listener also reads the row
 * back by its position on a connection of its own, as every Foyer process does for each event. PostgreSQL commits
 * the statements that notified one at a time (one lock for the whole server, held through the commit's WAL flush),
 * so this shows the rate of announced changes one server takes and the notification's delay at that rate. On two
 * cores the listeners share the CPU with PostgreSQL, as Foyer's processes would.
 * Alone: `BENCH_DATABASE_URL=postgres://… node scripts/bench/notifyLimit.mjs`.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { percentile } from './chat.mjs';

const databaseName = 'foyer_notify_bench';
const writers = 20;
const listenerThreads = 2;
const chatBoxId = 'b7a1d9e2-5c1f-4d4e-9a57-3f0c2b1e8d64';
const now = () => performance.timeOrigin + performance.now();

/** A listener thread: its share of the listening connections; answers every notification's position and arrival. */
async function listenerThread({ url, listeners, readBack }) {
  const heard = [];
  const clients = [];
  for (let i = 0; i < listeners; i += 1) {
    const client = new pg.Client({ connectionString: url });
    // A pool of one queues the reads, as a process's pool would under load.
    const reader = readBack ? new pg.Pool({ connectionString: url, max: 1 }) : undefined;
    await client.connect();
    client.on('notification', ({ payload }) => {
      const at = now();
      const position = Number(payload?.slice(payload.lastIndexOf('|') + 1));
      heard.push([position, at]);
      reader?.query('select chat_box_id, body from events where position = $1', [position]).catch(() => {});
    });
    await client.query('listen foyer_chat');
    clients.push(client, ...(reader ? [reader] : []));
  }
  parentPort.postMessage('ready');
  parentPort.once('message', async () => {
    for (const client of clients) await client.end();
    parentPort.postMessage(heard);
  });
}

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

function startListeners(url, listeners, readBack) {
  return Promise.all(
    Array.from({ length: listenerThreads }, async (_, t) => {
      const share = Math.floor(listeners / listenerThreads) + (t < listeners % listenerThreads ? 1 : 0);
      const worker = new Worker(new URL(import.meta.url), { workerData: { url, listeners: share, readBack } });
      await new Promise((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject)));
      return {
        async stop() {
          const heard = new Promise((resolve) => worker.once('message', resolve));
          worker.postMessage('stop');
          const result = await heard;
          await worker.terminate();
          return result;
        },
      };
    }),
  );
}

/** One run: `listeners` listening connections, `notify` or not, for `seconds`. */
async function run(url, { listeners, notify, readBack = false, seconds }) {
  const threads = notify ? await startListeners(url, listeners, readBack) : [];
  const clients = [];
  for (let i = 0; i < writers; i += 1) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
  }
  const startedAt = new Map();
  const sql = notify
    ? `with e as (insert into events (chat_box_id, body) values ($1, $2) returning position)
       select e.position, pg_notify('foyer_chat', $3 || e.position) from e`
    : 'insert into events (chat_box_id, body) values ($1, $2) returning position';
  const params = notify ? [chatBoxId, 'x'.repeat(200), `1234-abcdefgh|e|${chatBoxId}|`] : [chatBoxId, 'x'.repeat(200)];
  let commits = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const at = now();
        // The position is known only after the statement: its notification is matched to the statement's start.
        const { rows } = await client.query(sql, params);
        if (rows[0]?.position !== undefined) startedAt.set(Number(rows[0].position), at);
        commits += 1;
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const client of clients) await client.end();
  const heard = (await Promise.all(threads.map((thread) => thread.stop()))).flat();
  const delays = [];
  for (const [position, at] of heard) {
    const start = startedAt.get(position);
    if (start !== undefined) delays.push(at - start);
  }
  delays.sort((a, b) => a - b);
  return {
    listeners,
    notify,
    readBack,
    commitsPerSecond: Math.round(commits / seconds),
    ...(notify && {
      delayP50Ms: percentile(delays, 50),
      delayP99Ms: percentile(delays, 99),
      heard: heard.length / Math.max(1, listeners * commits),
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
    for (const listeners of [4, 16]) runs.push(await run(url, { listeners, notify: true, readBack: true, seconds }));
    return runs;
  });
}

if (!isMainThread) {
  await listenerThread(workerData);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server that may create a database.');
  for (const result of await measureNotifyLimit(adminUrl)) console.log(JSON.stringify(result));
}
