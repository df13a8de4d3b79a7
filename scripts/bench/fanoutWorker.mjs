/**
 * fanout.mjs's readers, each in a worker thread of its own so that no one event loop (the sender's, the other
 * readers') delays the time it notes: `role: 'streams'` opens event streams and notes each message's arrival on
 * each; `role: 'listener'` LISTENs on the chat channel and notes each notification. Times are absolute
 * (performance.timeOrigin + now), comparable across threads. The parent posts 'stop' and gets what was noted.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { openStream } from './chat.mjs';

const now = () => performance.timeOrigin + performance.now();

if (workerData.role === 'listener') {
  /** chat box id → times its events' notifications were heard. */
  const heard = {};
  const client = new pg.Client({ connectionString: workerData.databaseUrl });
  await client.connect();
  client.on('notification', ({ payload }) => {
    const at = now();
    const [, kind, chatBoxId] = (payload ?? '').split('|');
    if (kind === 'e') (heard[chatBoxId] ??= []).push(at);
  });
  await client.query('listen foyer_chat');
  parentPort.postMessage({ ready: true });
  parentPort.once('message', async () => {
    await client.end();
    parentPort.postMessage({ heard });
  });
} else {
  /** Per stream: its chat box's index and how often each message id came; per message id: its first arrival on each. */
  const deliveries = [];
  const arrivals = {};
  const opened = [];
  for (const { url, contact, boxIndex } of workerData.streams) {
    const counts = {};
    deliveries.push({ boxIndex, counts });
    opened.push(
      await openStream(url, contact, (id) => {
        const at = now();
        counts[id] = (counts[id] ?? 0) + 1;
        if (counts[id] === 1) (arrivals[id] ??= []).push(at);
      }),
    );
  }
  parentPort.postMessage({ ready: true });
  parentPort.once('message', async () => {
    for (const stream of opened) stream.close();
    await Promise.all(opened.map((stream) => stream.reading));
    parentPort.postMessage({ deliveries, arrivals });
  });
}
