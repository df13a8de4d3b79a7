/**
 * What an idle event stream costs on Node's own HTTP server, with nothing of Foyer's in it: a server that answers
 * every request with `text/event-stream` and keeps it open, streams opened the way the chat bench opens Foyer's
 * (fetch, one connection each) and measured the same way: what eight thousand more add after full collections, as
 * RSS and as JavaScript heap. The difference is Node's native memory per connection (sockets, parsers), which Foyer's
 * streams hold too: the bench prints it beside Foyer's figures, as the part of them that is Node's own.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gcProbeEnv, memoryAfterGc } from './measure.mjs';

const server = `
const { createServer } = require('node:http');
createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.write(': open\\n\\n');
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureStreamFloor({ warm = 1000, streams = 8000 } = {}) {
  const probe = gcProbeEnv(fileURLToPath(new URL('../..', import.meta.url)));
  const child = spawn(process.execPath, ['-e', server], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...probe } });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
      child.once('error', reject);
    });
    const openAll = async (count) => {
      const open = [];
      for (let i = 0; i < count; i += 1) {
        const controller = new AbortController();
        const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
        await response.body.getReader().read();
        open.push(controller);
      }
      return open;
    };
    // As the chat bench measures Foyer's: a thousand open first (the heap's one-off growth), then what the next
    // eight thousand add, each side after a full collection.
    const first = await openAll(warm);
    await sleep(3000);
    const before = await memoryAfterGc(child.pid, probe);
    const open = await openAll(streams);
    await sleep(3000);
    const after = await memoryAfterGc(child.pid, probe);
    for (const controller of [...first, ...open]) controller.abort();
    const perStream = (bytes) => bytes / 1024 / streams;
    return {
      streams,
      rssPerStreamKiB: perStream(after.rss - before.rss),
      heapPerStreamKiB: perStream(after.heapUsed + after.external - before.heapUsed - before.external),
    };
  } finally {
    child.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureStreamFloor());
