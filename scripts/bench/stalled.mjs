/**
 * Readers that never read: 1,000 chat streams on one chat box whose clients stop reading at once, then 400 messages
 * of 4,000 four-byte characters (16 KB an event, 6.4 MB a stream: more than the kernel buffers for one socket, so
 * the server has to wait). What that costs the machine: the server's RSS and the kernel's TCP memory
 * (/proc/net/sockstat, both ends of loopback) before, just after the messages, and once STREAM_STALL_SECONDS (here
 * 20) has passed; and how many of the server's sockets are still open then.
 * In `npm run bench`; alone: `node scripts/bench/stalled.mjs [--root DIR] [--chatBoxes N --perChatBox N --messages N]`
 * (on DIR's build in dist/, as widgetTime.mjs), to compare another checkout.
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
/** The server's connected sockets on `port`, from the kernel's table (a client that never reads never learns of a reset). */
const serverSockets = (port) =>
  readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .filter((line) => {
      const [, local, , state] = line.trim().split(/\s+/);
      return state === '01' && local?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`);
    }).length;

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
  { port = 4397, chatBoxes = 1, perChatBox = 1000, messages = 400, stallSeconds = 20 } = {},
) {
  const foyer = await startFoyer(root, outDir, port, { SEND_RATE_LIMIT: '1000000', STREAM_STALL_SECONDS: String(stallSeconds) });
  const readers = [];
  try {
    const contacts = await contactsByInvitation(foyer, chatBoxes);
    const before = { rssMiB: rssMiB(foyer.pid), tcpMiB: tcpMiB() };
    for (const { chatBoxId, token } of contacts)
      for (let i = 0; i < perChatBox; i += 1) readers.push(stalledReader(foyer.url, chatBoxId, token));
    await wait(2000);
    // 4,000 characters of four bytes each, the most a message may carry: 16 KB an event.
    const text = '\u{1F600}'.repeat(4000);
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
    return {
      streams: readers.length,
      megabytesSent: (chatBoxes * perChatBox * messages * Buffer.byteLength(text)) / 2 ** 20,
      before,
      loaded,
      after,
      stallSeconds,
      open: serverSockets(port),
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
  const { values } = parseArgs({
    options: { root: { type: 'string' }, chatBoxes: { type: 'string' }, perChatBox: { type: 'string' }, messages: { type: 'string' } },
  });
  const sizes = Object.fromEntries(
    ['chatBoxes', 'perChatBox', 'messages'].filter((key) => values[key]).map((key) => [key, Number(values[key])]),
  );
  const root = values.root ? resolve(values.root) : fileURLToPath(new URL('../..', import.meta.url));
  console.log(JSON.stringify(await measureStalledReaders(root, join(root, 'dist'), sizes), null, 2));
}
