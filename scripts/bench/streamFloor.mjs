/**
 * What an idle event stream costs on Node's own HTTP server, with nothing of Foyer's in it: a server that answers
 * every request with `text/event-stream` and keeps it open, 1,000 streams opened the way the chat bench opens
 * Foyer's (fetch, one connection each), RSS growth ÷ streams after the same settling, on a warmed server (cold,
 * the growth is mostly the heap's: about ten times more). The floor under Foyer's "memory per idle stream".
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const server = `
const { createServer } = require('node:http');
createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.write(': open\\n\\n');
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

export async function measureStreamFloor({ streams = 1000 } = {}) {
  const child = spawn(process.execPath, ['-e', server], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
      child.once('error', reject);
    });
    const openAll = async () => {
      const open = [];
      for (let i = 0; i < streams; i += 1) {
        const controller = new AbortController();
        const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
        await response.body.getReader().read();
        open.push(controller);
      }
      return open;
    };
    // Warmed as a server that has run a while is (Foyer's is, by the time the chat bench measures it): the heap
    // has grown once already, so what is measured is what the open streams hold.
    for (const controller of await openAll()) controller.abort();
    await sleep(5000);
    const before = rssKiB(child.pid);
    const open = await openAll();
    await sleep(5000);
    const perStreamKiB = (rssKiB(child.pid) - before) / streams;
    for (const controller of open) controller.abort();
    return { streams, perStreamKiB };
  } finally {
    child.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureStreamFloor());
