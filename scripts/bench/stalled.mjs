/**
 * Readers that never read: 1,000 chat streams (10 on each of 100 chat boxes) whose clients stop reading at once,
 * then 100 messages of 4,000 characters in each chat box. What that costs the machine: the server's RSS and the
 * kernel's TCP memory (/proc/net/sockstat) before, just after the messages, and once STREAM_STALL_SECONDS (here 20)
 * has passed, by which time Foyer has cut the stalled streams off.
 * Alone: `node scripts/bench/stalled.mjs [--root DIR]` (on DIR's build in dist/, as widgetTime.mjs); not yet part of
 * `npm run bench`, whose time it would nearly double (ten thousand sends of 4,000 characters: about 9 min of CPU here).
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { contactsByInvitation } from './chat.mjs';
import { startFoyer } from './measure.mjs';

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** The kernel's TCP buffers, all sockets (both ends of loopback), in MiB: sockstat counts pages of 4 KiB. */
const tcpMiB = () => (Number(/^TCP:.* mem (\d+)/m.exec(readFileSync('/proc/net/sockstat', 'utf8'))[1]) * 4) / 1024;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client that asks for the stream, then reads nothing. */
function stalledReader(url, chatBoxId, token) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  socket.write(
    `GET /api/chat/stream?chatBoxId=${chatBoxId} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  socket.pause();
  return socket;
}

export async function measureStalledReaders(
  root,
  outDir,
  { port = 4397, chatBoxes = 100, perChatBox = 10, messages = 100, stallSeconds = 20 } = {},
) {
  const foyer = await startFoyer(root, outDir, port, { SEND_RATE_LIMIT: '1000000', STREAM_STALL_SECONDS: String(stallSeconds) });
  const readers = [];
  try {
    const contacts = await contactsByInvitation(foyer, chatBoxes);
    const before = { rssMiB: rssMiB(foyer.pid), tcpMiB: tcpMiB() };
    for (const { chatBoxId, token } of contacts)
      for (let i = 0; i < perChatBox; i += 1) readers.push(stalledReader(foyer.url, chatBoxId, token));
    await wait(2000);
    const text = 'x'.repeat(4000);
    for (let n = 0; n < messages; n += 1) {
      await Promise.all(
        contacts.map(({ chatBoxId, token }) =>
          fetch(`${foyer.url}/api/chat/messages/send`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ chatBoxId, clientId: randomUUID(), text }),
          }).then((answer) => answer.arrayBuffer()),
        ),
      );
    }
    await wait(2000);
    const loaded = { rssMiB: rssMiB(foyer.pid), tcpMiB: tcpMiB() };
    await wait((stallSeconds + 10) * 1000);
    const after = { rssMiB: rssMiB(foyer.pid), tcpMiB: tcpMiB() };
    const open = readers.filter((socket) => !socket.destroyed && socket.readyState === 'open').length;
    return {
      streams: readers.length,
      megabytesSent: (chatBoxes * messages * perChatBox * 4.1) / 1024,
      before,
      loaded,
      after,
      stallSeconds,
      open,
    };
  } finally {
    for (const socket of readers) socket.destroy();
    await foyer.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { join, resolve } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { values } = parseArgs({ options: { root: { type: 'string' } } });
  const root = values.root ? resolve(values.root) : fileURLToPath(new URL('../..', import.meta.url));
  console.log(JSON.stringify(await measureStalledReaders(root, join(root, 'dist')), null, 2));
}
