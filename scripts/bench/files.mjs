/**
 * Files in conversations on loopback: a 5 MB file uploaded and downloaded (MB/s, median of 3), and the server's
 * memory while 20 clients upload 25 MB each at once (uploads must stream into storage part by part, not sit whole
 * in memory: the goal is ≤ 100 MB of growth). PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set.
 * Alone: `node scripts/bench/files.mjs`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/server/db/openDatabase.ts';
import { closeServices } from '../../src/server/services.ts';
import { startApiServer } from '../../tests/server/apiServer.ts';
import { contactWithSession } from '../../tests/server/invitations.ts';
import { testServices } from '../../tests/server/services.ts';

const mb = 1024 * 1024;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A PDF's first bytes, then `size` bytes in all, sent in 64 KB pieces from one buffer (the client keeps no file). */
function upload(url, token, chatBoxId, size) {
  const piece = Buffer.alloc(64 * 1024, 7);
  Buffer.from('%PDF-1.7\n').copy(piece);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/chat/files/upload?chatBoxId=${chatBoxId}&name=bench.pdf`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-length': size } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString());
          if (res.statusCode !== 200) reject(new Error(`upload: ${res.statusCode} ${JSON.stringify(body)}`));
          else resolve(body.file);
        });
      },
    );
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const part = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

async function download(url, access, fileId) {
  const response = await fetch(`${url}/api/chat/files/download?fileId=${fileId}&access=${access}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return bytes;
}

async function run(db) {
  const services = await testServices(db);
  const server = await startApiServer(services);
  try {
    const contact = await contactWithSession(services);
    const access = await fetch(`${server.url}/api/chat/files/access`, {
      method: 'POST',
      headers: { authorization: `Bearer ${contact.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chatBoxId: contact.chatBoxId }),
    }).then((response) => response.json());
    const up = [];
    const down = [];
    for (let i = 0; i < 3; i += 1) {
      // One byte more each time: different content, so nothing is deduplicated.
      const size = 5 * mb + i;
      let start = performance.now();
      const file = await upload(server.url, contact.token, contact.chatBoxId, size);
      up.push(size / mb / ((performance.now() - start) / 1000));
      start = performance.now();
      const got = await download(server.url, access.access, file.id);
      if (got !== size) throw new Error(`download: ${got} of ${size} bytes`);
      down.push(size / mb / ((performance.now() - start) / 1000));
    }

    // 20 contacts upload 25 MB at once; the process's memory is sampled every 20 ms.
    const contacts = await Promise.all(Array.from({ length: 20 }, () => contactWithSession(services)));
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const start = performance.now();
    await Promise.all(contacts.map((each, i) => upload(server.url, each.token, each.chatBoxId, 25 * mb - 1024 - i)));
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    return { uploadMBs: median(up), downloadMBs: median(down), parallel: { seconds, growthMiB: (peak - before) / mb } };
  } finally {
    await server.close();
    await closeServices(services);
  }
}

export async function measureFiles() {
  // On disk, as Foyer runs: the files' bytes go to the data directory beside PGlite's.
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-files-'));
  const pglite = await openDatabase({ dataDir });
  // Closed with the services it ran under.
  const result = { pglite: await run(pglite).finally(() => rmSync(dataDir, { recursive: true, force: true })) };
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `foyer_bench_files_${process.pid}`;
    try {
      // Closed with the services it ran under; another connection drops its schema.
      result.postgres = await run(await openDatabase({ url, schema }));
    } finally {
      const cleanup = await openDatabase({ url });
      await cleanup.exec(`drop schema if exists ${schema} cascade`);
      await cleanup.close();
    }
  }
  return result;
}

export function describeFiles(result) {
  return Object.entries({ PGlite: result.pglite, PostgreSQL: result.postgres })
    .filter(([, run]) => run)
    .map(
      ([name, run]) =>
        `files (${name}): 5 MB up ${run.uploadMBs.toFixed(1)} MB/s, down ${run.downloadMBs.toFixed(1)} MB/s; ` +
        `20 × 25 MB at once in ${run.parallel.seconds.toFixed(1)} s, memory +${run.parallel.growthMiB.toFixed(0)} MiB (goal ≤ 100)`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of describeFiles(await measureFiles())) console.log(line);
}
