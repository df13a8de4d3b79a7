/**
 * Delivery across processes: N Foyer processes on one PostgreSQL database, sends to the first, every stream on the
 * others, so each delivery crosses a process by LISTEN/NOTIFY. Besides the delivery latency (from the send's
 * acknowledgement, as in chat.mjs, and from its start), a thread of the bench listens on the chat channel itself and
 * splits each delivery into "send started → notification heard" (the sending process and PostgreSQL) and
 * "notification heard → event on the stream" (the receiving process: its read of the event, the stream's write, and
 * the reading thread's read), so a tail shows where it is. Streams are read by threads of their own
 * (fanoutWorker.mjs), apart from the thread that sends. Alone: `BENCH_DATABASE_URL=postgres://… node scripts/bench/fanout.mjs` (on a build in dist/).
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { contactsInDatabase, percentile, post, sleep } from './chat.mjs';
import { startFoyer } from './measure.mjs';

const databaseName = 'foyer_fanout_bench';

async function dropDatabase(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

async function freshDatabase(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.href;
}

const metricsToken = randomUUID();

/** From a process's /metrics: its sends slower than 25 and 100 ms as it timed them, and its event loop's delay. */
async function processFigures(foyer) {
  const text = await (await fetch(`${foyer.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const value = (pattern) => Number(text.match(pattern)?.[1] ?? NaN);
  const sendBucket = (le) =>
    value(new RegExp(`foyer_http_request_duration_seconds_bucket\\{le="${le}",route="/api/chat/messages/send"\\} (\\d+)`));
  const sends = value(/foyer_http_request_duration_seconds_count\{route="\/api\/chat\/messages\/send"\} (\d+)/);
  return {
    sends,
    sendsOver25Ms: sends - sendBucket('0.025'),
    sendsOver100Ms: sends - sendBucket('0.1'),
    loopDelayP99Ms: value(/^foyer_nodejs_eventloop_lag_p99_seconds (\S+)$/m) * 1000,
    loopDelayMaxMs: value(/^foyer_nodejs_eventloop_lag_max_seconds (\S+)$/m) * 1000,
  };
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? NaN };
};

/** Starts a reader thread (fanoutWorker.mjs) and resolves once it is ready; `stop()` answers what it noted. */
async function reader(data) {
  const worker = new Worker(new URL('./fanoutWorker.mjs', import.meta.url), { workerData: data });
  const next = () =>
    new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await next();
  return {
    async stop() {
      const noted = next();
      worker.postMessage('stop');
      const result = await noted;
      await worker.terminate();
      return result;
    },
    terminate: () => worker.terminate(),
  };
}

const now = () => performance.timeOrigin + performance.now();

/**
 * One run: `processes` Foyer processes, `streams` streams spread over all but the first (read by `readerThreads`
 * threads), sends to the first from this thread.
 */
export async function fanoutRun(
  root,
  outDir,
  adminUrl,
  { port, processes, streams, chatBoxes = 100, rate = 50, seconds = 20, readerThreads = 2 },
) {
  const databaseUrl = await freshDatabase(adminUrl);
  const env = {
    SEND_RATE_LIMIT: '1000000',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomUUID() + randomUUID(),
    // No staff sign in here: without an Auth emulator per process, none competes for the two cores.
    FIREBASE_API_KEY: 'bench-without-staff',
    FIREBASE_PROJECT_ID: 'demo-foyer',
    METRICS_TOKEN: metricsToken,
  };
  const foyers = [];
  const readers = [];
  try {
    for (let i = 0; i < processes; i += 1) foyers.push(await startFoyer(root, outDir, port + i, env));
    const contacts = await contactsInDatabase(env, chatBoxes);
    const [sender, ...receivers] = foyers;
    readers.push(await reader({ role: 'listener', databaseUrl }));
    const shares = Array.from({ length: readerThreads }, () => []);
    for (let s = 0; s < streams; s += 1) {
      const boxIndex = s % chatBoxes;
      shares[s % readerThreads].push({ url: receivers[s % receivers.length].url, contact: contacts[boxIndex], boxIndex });
    }
    for (const share of shares) readers.push(await reader({ role: 'streams', streams: share }));
    await sleep(3000);

    const sent = [];
    // This thread sends only; its event loop's delays are measured all the same.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const total = Math.round(rate * seconds);
    const started = performance.now();
    const pending = [];
    for (let i = 0; i < total; i += 1) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const boxIndex = i % chatBoxes;
      const contact = contacts[boxIndex];
      const startAt = now();
      pending.push(
        post(
          `${sender.url}/api/chat/messages/send`,
          { chatBoxId: contact.chatBoxId, clientId: randomUUID(), text: `fan-out ${i}` },
          contact.token,
        ).then(({ message }) => sent.push({ id: message.id, boxIndex, chatBoxId: contact.chatBoxId, startAt, ackAt: now() })),
      );
    }
    await Promise.all(pending);
    await sleep(3000);
    loop.disable();
    const [senderFigures, ...receiverFigures] = await Promise.all(foyers.map(processFigures));
    const [listened, ...read] = await Promise.all(readers.splice(0).map((thread) => thread.stop()));
    const { heard } = listened;
    const deliveries = read.flatMap((result) => result.deliveries);
    const arrivals = Object.assign({}, ...read.map((result) => result.arrivals));

    let lost = 0;
    let duplicated = 0;
    for (const { boxIndex, counts } of deliveries) {
      for (const message of sent) {
        if (message.boxIndex !== boxIndex) continue;
        const count = counts[message.id] ?? 0;
        if (count === 0) lost += 1;
        if (count > 1) duplicated += count - 1;
      }
    }
    // Every figure is over deliveries (a message counts once per stream it reached), so the parts are comparable.
    const fromAck = [];
    const fromStart = [];
    const toNotification = [];
    const afterNotification = [];
    for (const message of sent) {
      // A chat box gets a message every chatBoxes / rate seconds: the first notification after the send started is its own.
      const notifiedAt = heard[message.chatBoxId]?.find((at) => at >= message.startAt);
      for (const at of arrivals[message.id] ?? []) {
        // An event may arrive before the send's answer: that counts as 0 from the answer, the send's cost being in fromStart.
        fromAck.push(Math.max(0, at - message.ackAt));
        fromStart.push(at - message.startAt);
        if (notifiedAt === undefined) continue;
        toNotification.push(notifiedAt - message.startAt);
        afterNotification.push(at - notifiedAt);
      }
    }
    return {
      processes,
      streams,
      messages: sent.length,
      deliveries: fromAck.length,
      lost,
      duplicated,
      delivery: summary(fromAck),
      fromStart: summary(fromStart),
      toNotification: summary(toNotification),
      afterNotification: summary(afterNotification),
      senderThreadLoopDelay: { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 },
      sender: senderFigures,
      receivers: receiverFigures.map(({ loopDelayP99Ms, loopDelayMaxMs }) => ({ loopDelayP99Ms, loopDelayMaxMs })),
    };
  } finally {
    await Promise.all(readers.map((thread) => thread.terminate()));
    for (const foyer of foyers) await foyer.stop();
    await dropDatabase(adminUrl);
  }
}

/** 2 and 3 processes, 1,000 and 5,000 streams. */
export async function measureFanout(root, outDir, adminUrl, { port = 4400, seconds = 20 } = {}) {
  const runs = [];
  for (const processes of [2, 3]) {
    for (const streams of [1000, 5000]) runs.push(await fanoutRun(root, outDir, adminUrl, { port, processes, streams, seconds }));
  }
  return runs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { fileURLToPath } = await import('node:url');
  const { resolve } = await import('node:path');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server that may create a database.');
  const outDir = resolve(root, process.env.FOYER_OUT_DIR ?? 'dist');
  const seconds = Number(process.env.BENCH_FANOUT_SECONDS ?? 20);
  const only = process.env.BENCH_FANOUT_RUN?.split('x').map(Number);
  const runs = only
    ? [await fanoutRun(root, outDir, adminUrl, { port: 4400, processes: only[0], streams: only[1], seconds })]
    : await measureFanout(root, outDir, adminUrl, { seconds });
  for (const run of runs) console.log(JSON.stringify(run));
}
