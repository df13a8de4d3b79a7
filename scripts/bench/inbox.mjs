/**
 * Staff inbox figures on a large database: 1,000 chat boxes and 100,000 messages (in several scripts). The inbox
 * API's latency (the first page, and the "mine" filter), a text search's latency (common, rare, Chinese, Thai and
 * absent words: the last reads every message), and the time from navigation to the first inbox row in Chromium
 * for the signed-in demo staff member. Sequential requests: latency, not throughput.
 * Alone: `node scripts/bench/inbox.mjs` (on a build in dist/; set BENCH_DATABASE_URL for the PostgreSQL part).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { demoStaffLogin, freePortBase } from '../authEmulator.mjs';
import { startFoyer } from './measure.mjs';
import { launchBrowser } from './pages.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
};

/** Words the messages are made of; the search looks for some of them. */
const words = ['password', 'invoice', 'refund', 'delivery', 'пароль', 'доставка', '密码', '退款', 'รหัสผ่าน', 'การจัดส่ง', 'فاتورة', 'חשבונית'];
export const searches = { common: 'refund', rare: 'order 77777', chinese: '密码', thai: 'รหัสผ่าน', absent: 'no such words here' };

/** Fills a migrated database with `chatBoxes` chat boxes of `perChatBox` messages each, in a few statements. */
async function seed(db, { newContactId, newChatBoxId }, { chatBoxes, perChatBox }) {
  const contacts = Array.from({ length: chatBoxes }, (_, i) => ({ id: newContactId(), box: newChatBoxId(), i }));
  await db.query(
    `insert into contacts (id, email, name) select id, 'inbox-bench-' || i || '@example.com', 'Contact ' || i
     from unnest($1::text[], $2::int[]) as t(id, i)`,
    [contacts.map((c) => c.id), contacts.map((c) => c.i)],
  );
  await db.query(
    `insert into chat_boxes (id, contact_id, last_activity_at, last_message_at, event_seq)
     select box, id, now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60), ${perChatBox}
     from unnest($1::text[], $2::text[], $3::int[]) as t(box, id, i)`,
    [contacts.map((c) => c.box), contacts.map((c) => c.id), contacts.map((c) => c.i)],
  );
  // Every third message is staff's; the text mixes scripts; one message in the whole set says "order 77777".
  await db.query(
    `insert into messages (chat_box_id, client_id, sender_kind, sender_id, body, search_text, created_at)
     select b.id, gen_random_uuid(),
       case when g % 3 = 0 then 'staff' else 'contact' end,
       case when g % 3 = 0 then 'demo-staff' else b.contact_id end,
       t.body, lower(t.body), now() - make_interval(secs => (${perChatBox} - g) * 30)
     from chat_boxes b
     cross join generate_series(1, ${perChatBox}) as g
     cross join lateral (
       select 'Message ' || g || ': ' || ($1::text[])[1 + (g * 7 + length(b.id) + ascii(right(b.id, 1))) % ${words.length}] || ' ' ||
         ($1::text[])[1 + (g * 13 + ascii(right(b.id, 2))) % ${words.length}] ||
         case when g = 50 and b.contact_id = $2 then ' order 77777' else ' order ' || (g * 101 % 9973) end as body
     ) t`,
    [words, contacts[500].id],
  );
}

async function staffToken(emulatorPort) {
  const base = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1`;
  const response = await fetch(`${base}/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoStaffLogin.email, password: demoStaffLogin.password, returnSecureToken: true }),
  });
  const { idToken } = await response.json();
  if (!idToken) throw new Error('The demo staff member could not sign in to the Auth emulator.');
  return idToken;
}

async function timedPosts(url, token, bodies, rounds) {
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const body of bodies) {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
      times.push(performance.now() - started);
    }
  }
  return times;
}

/**
 * In the workspace's three panes (1440 px): from a click on a row to that conversation's messages on screen, going
 * back and forth between the list's first two conversations (20 switches, the first two as warm-up).
 */
async function switchTimes(page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const rows = page.locator('.inbox-entry a');
  const times = [];
  for (let i = 0; i < 22; i += 1) {
    const row = rows.nth(i % 2);
    const id = new URL(await row.getAttribute('href'), page.url()).pathname.split('/').at(-1);
    const started = performance.now();
    await row.click();
    await page.waitForFunction(
      (chatBoxId) => document.querySelector(`.workspace-conversation[data-chat-box="${chatBoxId}"] .chat-log .chat-text`) !== null,
      id,
      { timeout: 30_000, polling: 'raf' },
    );
    if (i >= 2) times.push(performance.now() - started);
  }
  return summary(times);
}

/**
 * Time from navigation to the first inbox row, signed in as the demo staff member (the second of two loads), and
 * the time to switch between conversations in the workspace.
 */
async function firstRowMs(url) {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/en/login`, { waitUntil: 'load' });
    await page.locator('#email').fill(demoStaffLogin.email);
    await page.locator('#password').fill(demoStaffLogin.password);
    await page.locator('[data-login] button[value="sign-in"]').click();
    await page.waitForURL(/\/en\/chat/, { timeout: 30_000 });
    await page.locator('.inbox-entry').first().waitFor({ timeout: 30_000 });
    const started = Date.now();
    await page.reload();
    await page.locator('.inbox-entry').first().waitFor({ timeout: 30_000 });
    const firstRow = Date.now() - started;
    return { firstRow, switchMs: await switchTimes(page) };
  } finally {
    await browser.close();
  }
}

async function measureOne(root, outDir, port, env, prepare) {
  const emulatorPort = await freePortBase();
  await prepare();
  const foyer = await startFoyer(root, outDir, port, { ...env, FOYER_AUTH_EMULATOR_PORT: String(emulatorPort) });
  try {
    const token = await staffToken(emulatorPort);
    const url = `${foyer.url}/api/inbox/list`;
    await timedPosts(url, token, [{}], 5); // warm-up
    const inbox = summary(
      await timedPosts(url, token, [{ limit: 50 }, { limit: 50, assigned: 'nobody' }, { limit: 50, status: 'open' }], 100),
    );
    const search = {};
    for (const [name, query] of Object.entries(searches)) search[name] = summary(await timedPosts(url, token, [{ query, limit: 50 }], 200));
    const { firstRow, switchMs } = await firstRowMs(foyer.url);
    return { inbox, search, firstRowMs: firstRow, switchMs };
  } finally {
    await foyer.stop();
  }
}

export async function measureInbox(root, outDir, { port = 4395, chatBoxes = 1000, perChatBox = 100 } = {}) {
  const { closeServices, createServices } = await import('../../src/server/services.ts');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { silentLog } = await import('../../src/server/log.ts');
  const ids = await import('../../src/server/ids.ts');
  const { seedDemo } = await import('../../src/server/demo.ts');
  const fill = async (env) => {
    const services = await createServices(loadConfig({ ...process.env, ...env, NODE_ENV: 'test' }), { log: silentLog });
    try {
      // The demo first (its staff member signs in below), as `npm start` would on an empty database.
      await seedDemo(services);
      await seed(services.db, ids, { chatBoxes, perChatBox });
    } finally {
      await closeServices(services);
    }
  };
  const results = { chatBoxes, messages: chatBoxes * perChatBox };

  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-inbox-bench-'));
  try {
    const env = { FOYER_DATA_DIR: dataDir };
    results.pglite = await measureOne(root, outDir, port, env, () => fill(env));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('drop database if exists foyer_inbox_bench with (force)');
    await admin.query('create database foyer_inbox_bench');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/foyer_inbox_bench';
    const env = { DATABASE_URL: url.href };
    results.postgres = await measureOne(root, outDir, port, env, () => fill(env));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { fileURLToPath } = await import('node:url');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const results = await measureInbox(root, join(root, 'dist'));
  console.log(JSON.stringify(results, null, 2));
}
