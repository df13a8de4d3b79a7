/**
 * Chat figures: stream clients on chat boxes while senders post at a steady rate. Delivery latency is from the
 * send's acknowledgement to the event's arrival (an event that arrives first counts as 0 ms); every delivery is
 * counted per stream, so a lost or doubled message shows. Server memory per idle stream is what further open
 * streams add to the Foyer process, after a full garbage collection on each side (see deliveryRun). Then sends per
 * second under load (autocannon), and the same delivery run across two Foyer processes on PostgreSQL.
 * Alone: `node scripts/bench/chat.mjs` (on a build in dist/; set BENCH_DATABASE_URL for the PostgreSQL part).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { gcProbeEnv, memoryAfterGc, startFoyer } from './measure.mjs';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const post = async (url, body, token) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
};

/** Contacts with a session token each: by the admin channel and verify (PGlite), or straight in the database (PostgreSQL). */
export async function contactsByInvitation(foyer, count) {
  const { sendAdminCommand } = await import('../../src/server/admin/channel.ts');
  const contacts = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await sendAdminCommand(foyer.dataDir, { name: 'invite', email: `chat-bench-${i}@example.com` });
    const link = new URL(answer.output.split('\n').at(-1));
    const body = {
      chatBoxId: link.pathname.split('/').at(-1),
      contactId: link.searchParams.get('cs_contactId'),
      otp: link.searchParams.get('cs_otp'),
      token: '',
    };
    const { data } = await post(`${foyer.url}/api/chat/verify`, body);
    contacts.push({ chatBoxId: body.chatBoxId, token: data.jwt });
  }
  return contacts;
}

export async function contactsInDatabase(env, count) {
  const { loadConfig } = await import('../../src/server/config.ts');
  const { closeServices, createServices } = await import('../../src/server/services.ts');
  const { invite } = await import('../../src/server/contacts/invitations.ts');
  const { issueSessionToken } = await import('../../src/server/contacts/sessionTokens.ts');
  const { silentLog } = await import('../../src/server/log.ts');
  const services = await createServices(loadConfig({ ...process.env, ...env, NODE_ENV: 'test' }), { log: silentLog });
  try {
    const contacts = [];
    for (let i = 0; i < count; i += 1) {
      const { contactId, chatBoxId } = await invite(services, { email: `chat-bench-${i}@example.com` });
      const grant = { contactId, scope: chatBoxId, authTime: new Date(), version: 0 };
      contacts.push({ chatBoxId, token: (await issueSessionToken(services.keys.sessionTokens, grant, 24)).jwt });
    }
    return contacts;
  } finally {
    await closeServices(services);
  }
}

/** Opens a stream and counts every message event by id. */
export async function openStream(url, contact, received, onOpen) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/chat/stream?chatBoxId=${contact.chatBoxId}`, {
    headers: { authorization: `Bearer ${contact.token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== 'message') return;
      const { message } = JSON.parse(event.data);
      received(message.id, performance.now());
    },
  });
  onOpen?.();
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted at the end.
    }
  })();
  return { close: () => controller.abort(), reading };
}

/**
 * `streamUrl` serves the streams and `sendUrl` takes the sends (the same process, or two processes on one database).
 */
async function deliveryRun({ streamUrl, sendUrl, contacts, streamsPerChatBox, ratePerSecond, seconds, pid, probe }) {
  // Memory per idle stream: what each further stream costs a running server. RSS read at a random moment swings
  // with when V8 last collected, and the first thousand streams also pay once for the heap growing (the young
  // generation alone grows by tens of MB). So: a thousand streams opened first and left open, a full collection
  // (scripts/bench/gcProbe.mjs), then the thousand streams of the run, another full collection: the difference ÷
  // streams is their JavaScript heap with its external memory, steady from run to run. RSS grows in steps (V8's
  // heap, malloc's arenas), and a step of 40–50 MB can land anywhere: over four thousand streams the figure swung
  // 12–22 KB from run to run, so RSS is taken over eight thousand (the run's and seven thousand more, opened after).
  // Then all but the run's streams close. The floor, measured the same way on a bare node:http server:
  // scripts/bench/streamFloor.mjs.
  await sleep(2000);
  const first = [];
  for (const contact of contacts) for (let s = 0; s < streamsPerChatBox; s += 1) first.push(await openStream(streamUrl, contact, () => {}));
  await sleep(3000);
  const before = await memoryAfterGc(pid, probe);
  /** message id → { ackAt, chatBoxIndex } and stream index → Map(message id → count). */
  const sent = new Map();
  const deliveries = [];
  const latencies = [];
  const arrivals = new Map();
  const streams = [];
  for (const [boxIndex, contact] of contacts.entries()) {
    for (let s = 0; s < streamsPerChatBox; s += 1) {
      const counts = new Map();
      deliveries.push({ boxIndex, counts });
      streams.push(
        await openStream(streamUrl, contact, (id, at) => {
          counts.set(id, (counts.get(id) ?? 0) + 1);
          if (counts.get(id) === 1) (arrivals.get(id) ?? arrivals.set(id, []).get(id)).push(at);
        }),
      );
    }
  }
  await sleep(3000);
  const open = await memoryAfterGc(pid, probe);
  const more = [];
  for (let batch = 0; batch < 7; batch += 1) {
    for (const contact of contacts)
      for (let s = 0; s < streamsPerChatBox; s += 1) more.push(await openStream(streamUrl, contact, () => {}));
  }
  await sleep(3000);
  const moreOpen = await memoryAfterGc(pid, probe);
  for (const stream of [...first, ...more]) stream.close();
  await Promise.all([...first, ...more].map((stream) => stream.reading));
  await sleep(2000);
  const total = Math.round(ratePerSecond * seconds);
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const boxIndex = i % contacts.length;
    const contact = contacts[boxIndex];
    pending.push(
      post(
        `${sendUrl}/api/chat/messages/send`,
        { chatBoxId: contact.chatBoxId, clientId: randomUUID(), text: `bench ${i}` },
        contact.token,
      ).then(({ message }) => sent.set(message.id, { ackAt: performance.now(), boxIndex })),
    );
  }
  await Promise.all(pending);
  await sleep(3000);
  for (const stream of streams) stream.close();
  let lost = 0;
  let duplicated = 0;
  for (const { boxIndex, counts } of deliveries) {
    for (const [id, message] of sent) {
      if (message.boxIndex !== boxIndex) continue;
      const count = counts.get(id) ?? 0;
      if (count === 0) lost += 1;
      if (count > 1) duplicated += count - 1;
    }
  }
  for (const [id, { ackAt }] of sent) for (const at of arrivals.get(id) ?? []) latencies.push(Math.max(0, at - ackAt));
  latencies.sort((a, b) => a - b);
  return {
    streams: streams.length,
    messages: sent.size,
    deliveries: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    lost,
    duplicated,
    rssPerIdleStreamKiB: (moreOpen.rss - before.rss) / 1024 / (streams.length + more.length),
    rssStreams: streams.length + more.length,
    heapPerIdleStreamKiB: (open.heapUsed + open.external - before.heapUsed - before.external) / 1024 / streams.length,
  };
}

export const loadSummary = (load) => ({ rps: load.requests.average, p99Ms: load.latency.p99, errors: load.errors + load.non2xx });

export function sendLoad(url, contacts, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/chat/messages/send`,
        method: 'POST',
        connections: 20,
        duration: seconds,
        // Each request a new message from one of the contacts (a fresh client id, or it would be a retry).
        requests: [
          {
            setupRequest: (request) => {
              const contact = contacts[next++ % contacts.length];
              return {
                ...request,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${contact.token}` },
                body: JSON.stringify({ chatBoxId: contact.chatBoxId, clientId: randomUUID(), text: 'load' }),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function measureChat(root, outDir, { port = 4393, seconds = 30, chatBoxes = 100, streamsPerChatBox = 10, rate = 50 } = {}) {
  const results = {};
  const limits = { SEND_RATE_LIMIT: '1000000' };
  const probe = gcProbeEnv(root);
  const foyer = await startFoyer(root, outDir, port, { ...limits, ...probe });
  try {
    const contacts = await contactsByInvitation(foyer, chatBoxes);
    results.pglite = await deliveryRun({
      streamUrl: foyer.url,
      sendUrl: foyer.url,
      contacts,
      streamsPerChatBox,
      ratePerSecond: rate,
      seconds,
      pid: foyer.pid,
      probe,
    });
    const load = await sendLoad(foyer.url, contacts, 10);
    results.send = loadSummary(load);
  } finally {
    await foyer.stop();
  }

  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    // A database of its own, made fresh, shared by two Foyer processes.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('drop database if exists foyer_chat_bench with (force)');
    await admin.query('create database foyer_chat_bench');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/foyer_chat_bench';
    const env = { ...limits, DATABASE_URL: url.href, SESSION_SECRET: randomUUID() + randomUUID() };
    const a = await startFoyer(root, outDir, port + 1, { ...env, ...probe });
    const b = await startFoyer(root, outDir, port + 2, env);
    try {
      const contacts = await contactsInDatabase(env, chatBoxes);
      results.postgres = await deliveryRun({
        streamUrl: a.url,
        sendUrl: b.url,
        contacts,
        streamsPerChatBox,
        ratePerSecond: rate,
        seconds,
        pid: a.pid,
        probe,
      });
      const load = await sendLoad(b.url, contacts, 10);
      results.postgresSend = loadSummary(load);
    } finally {
      await a.stop();
      await b.stop();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { fileURLToPath } = await import('node:url');
  const { resolve } = await import('node:path');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
  console.log(JSON.stringify(await measureChat(root, resolve(root, process.env.FOYER_OUT_DIR ?? 'dist'), { seconds }), null, 2));
}
