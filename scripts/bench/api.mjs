/**
 * API figures on one Foyer process with PGlite: requests per second for extend and contacts/get under load
 * from autocannon on loopback, and verify latency (p50/p99) one request at a time.
 */
import autocannon from 'autocannon';
import { startFoyer } from './measure.mjs';

async function invite(dataDir, email) {
  // TypeScript, loaded only when needed (see requireTypeScript in node-version.mjs).
  const { sendAdminCommand } = await import('../../src/server/admin/channel.ts');
  const answer = await sendAdminCommand(dataDir, { name: 'invite', email });
  const link = new URL(answer.output.split('\n').at(-1));
  return {
    chatBoxId: link.pathname.split('/').at(-1),
    contactId: link.searchParams.get('cs_contactId'),
    otp: link.searchParams.get('cs_otp'),
  };
}

const post = (url, body, token) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

function load(url, body, token, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        connections: 20,
        pipelining: 1,
        duration: seconds,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function measureApi(root, outDir, { port = 4392, seconds = 10, verifies = 300 } = {}) {
  const foyer = await startFoyer(root, outDir, port);
  try {
    const contact = await invite(foyer.dataDir, 'bench@example.com');
    const verified = await (await post(`${foyer.url}/api/chat/verify`, { ...contact, token: '' })).json();
    const token = verified.data.jwt;
    const extend = await load(`${foyer.url}/api/chat/extend`, { chatBoxId: contact.chatBoxId }, token, seconds);
    const contacts = await load(`${foyer.url}/api/contacts/get`, { chatBoxId: contact.chatBoxId }, token, seconds);
    const latencies = [];
    for (let i = 0; i < verifies; i += 1) {
      const next = await invite(foyer.dataDir, `bench-${i}@example.com`);
      const started = performance.now();
      const response = await post(`${foyer.url}/api/chat/verify`, { ...next, token: '' });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`verify answered ${response.status}`);
    }
    latencies.sort((a, b) => a - b);
    const summary = (result) => ({ rps: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx });
    return {
      extend: summary(extend),
      contactsGet: summary(contacts),
      verify: { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), count: latencies.length },
    };
  } finally {
    await foyer.stop();
  }
}
