/**
 * Foyer as it runs in production on more than one machine's worth of processes: Debian's nginx with docs/nginx.conf
 * (only its placeholders filled) in front of three Foyer processes on one PostgreSQL database, over HTTPS with a
 * self-signed certificate. Pages come through compressed, with HSTS; a contact and a staff member chat live through
 * it while nginx spreads their requests over the three; every process served some of them; the three are restarted
 * one after another without a message lost or repeated; rate limits count the address nginx saw. Runs when
 * TEST_DATABASE_URL names a PostgreSQL server and nginx is installed (.ci/run installs it).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoStaffLogin, freePortBase } from '../../scripts/authEmulator.mjs';
import { composer, log, texts, write } from './chatPage.ts';
import { messages } from './content.ts';
import { emulatorHost } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { exited, foyerProcesses, type FoyerProcesses } from './foyerProcess.ts';
import { createDatabase, dropDatabase, url } from '../server/postgresDatabase.ts';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const t = messages('en');
const database = `foyer_nginx_${process.pid}_${Date.now().toString(36)}`;
const metricsToken = 'a-metrics-token-for-the-nginx-test';
const processes: FoyerProcesses[] = [];
const dir = mkdtempSync(join(tmpdir(), 'foyer-nginx-'));
let proxy: ChildProcess | undefined;
let deployed: Promise<string> | undefined;

// One deployment for the file's tests, in order.
test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  proxy?.kill('SIGTERM');
  for (const foyer of processes) foyer.cleanUp();
  rmSync(dir, { recursive: true, force: true });
  await dropDatabase(database);
});

/** docs/nginx.conf with its placeholders filled, inside the few lines nginx needs to run it from a folder of its own. */
function startNginx(values: Record<string, string | number>): ChildProcess {
  const site = readFileSync(join(import.meta.dirname, '../../docs/nginx.conf'), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`docs/nginx.conf: no value for {{${name}}}`);
    return String(values[name]);
  });
  writeFileSync(join(dir, 'foyer.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/foyer.conf;
}
`,
  );
  return spawn(nginx!, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
}

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1', () => (socket.end(), done(true)));
    socket.on('error', () => done(false));
  });

/** The database, three Foyer processes and nginx in front of them, made once; answers nginx's origin. */
function deployment(): Promise<string> {
  return (deployed ??= (async () => {
    const databaseUrl = await createDatabase(database);
    const httpsPort = await freePortBase();
    const origin = `https://localhost:${httpsPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'a-secret-the-three-processes-share-long-enough',
      FIREBASE_API_KEY: 'emulator-api-key',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      SITE_URL: origin,
      TRUST_PROXY: 'true',
      METRICS_TOKEN: metricsToken,
      // Low enough for the last test to reach: every code tried from this machine counts, whatever it claims.
      VERIFY_RATE_LIMIT: '6',
    };
    for (const name of ['nginx-a', 'nginx-b', 'nginx-c']) {
      const foyer = await foyerProcesses(name, env);
      processes.push(foyer);
      await foyer.start();
    }
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    proxy = startNginx({
      port1: processes[0]!.port,
      port2: processes[1]!.port,
      port3: processes[2]!.port,
      httpsPort,
      httpPort: await freePortBase(),
      serverName: 'localhost',
      certificate: join(dir, 'cert.pem'),
      certificateKey: join(dir, 'key.pem'),
    });
    for (const until = Date.now() + 20_000; !(await listening(httpsPort));) {
      if (Date.now() > until) throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    return origin;
  })());
}

/** A staff member signed in through nginx, on `path`. */
async function staffOn(browser: Browser, origin: string, path: string): Promise<Page> {
  const staff = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  await staff.goto(`${origin}/en/login?next=${path}`);
  await staff.getByLabel(t['login.email']!).fill(demoStaffLogin.email);
  await staff.getByLabel(t['login.password']!, { exact: true }).fill(demoStaffLogin.password);
  await staff.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(composer(staff, 'en')).toBeVisible({ timeout: 30_000 });
  return staff;
}

const skipUnlessDeployable = () => {
  test.skip(!url, 'TEST_DATABASE_URL is not set');
  test.skip(!nginx, 'nginx is not installed (apt-get install nginx; .ci/run does)');
  test.setTimeout(300_000);
};

test('three processes behind nginx over HTTPS: compressed pages with HSTS, and a contact and staff chatting live', async ({ browser }) => {
  skipUnlessDeployable();
  const origin = await deployment();
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await expect
    .poll(
      () =>
        context.request.get(`${origin}/en`).then(
          (answer) => answer.status(),
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200);
  // A page through nginx: Foyer's compressed copy, its security headers and HSTS.
  const page = await context.request.get(`${origin}/en`, { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['strict-transport-security']).toBe('max-age=31536000');
  expect(page.headers()['content-security-policy']).toBeTruthy();

  const link = new URL(
    processes[0]!.cli('invite', '--email', `nginx-${Date.now()}@example.com`, '--name', 'Ana').trim().split('\n').at(-1)!,
  );
  expect(link.origin).toBe(origin);
  const contact = await context.newPage();
  await contact.goto(link.href);
  const staff = await staffOn(browser, origin, link.pathname);
  await expect(composer(contact, 'en')).toBeVisible({ timeout: 30_000 });

  for (let i = 1; i <= 3; i += 1) {
    await write(contact, 'en', `Through nginx ${i}`);
    await expect(log(staff, 'en').getByText(`Through nginx ${i}`)).toBeVisible();
    await write(staff, 'en', `Answer ${i}`);
    await expect(log(contact, 'en').getByText(`Answer ${i}`)).toBeVisible();
  }
  const expected = [1, 2, 3].flatMap((i) => [`Through nginx ${i}`, `Answer ${i}`]);
  expect(await texts(contact, 'en')).toEqual(expected);
  expect(await texts(staff, 'en')).toEqual(expected);

  // A 3 MB file goes through (nginx's own limit is 1 MB), and comes back whole.
  const invoice = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 32)]);
  await contact.getByLabel(t['chat.files.attach']!).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoice });
  await composer(contact, 'en').press('Enter');
  const download = log(staff, 'en').getByRole('link', { name: /invoice\.pdf/ });
  await expect(download).toBeVisible();
  expect((await (await staff.request.get(new URL((await download.getAttribute('href'))!, origin).href)).body()).equals(invoice)).toBe(true);

  // nginx spread the requests: each process answered some of the API's.
  for (const foyer of processes) {
    const metrics = await fetch(`${foyer.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((answer) =>
      answer.text(),
    );
    expect(metrics).toMatch(/foyer_http_requests_total\{route="\/api\/[^"]+",method="POST",status="200"\} [1-9]/);
  }
});

test('a rolling restart of the three while a message goes every 100 ms loses none and repeats none', async ({ browser }) => {
  skipUnlessDeployable();
  const origin = await deployment();
  const link = new URL(
    processes[0]!.cli('invite', '--email', `rolling-${Date.now()}@example.com`, '--name', 'Ana').trim().split('\n').at(-1)!,
  );
  const contact = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  await contact.goto(link.href);
  const staff = await staffOn(browser, origin, link.pathname);
  await expect(composer(contact, 'en')).toBeVisible({ timeout: 30_000 });
  // When each message first shows on the contact's screen.
  await contact.evaluate(() => {
    const arrivals: Record<string, number> = {};
    Object.assign(window, { arrivals });
    new MutationObserver(() => {
      for (const text of document.querySelectorAll('.chat-log .chat-text')) arrivals[text.textContent!] ??= Date.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  let sending = true;
  let sent = 0;
  const sender = (async () => {
    while (sending) {
      sent += 1;
      await write(staff, 'en', `Rolling ${sent}`);
      await staff.waitForTimeout(100);
    }
  })();
  // Each process in turn: SIGTERM (it stops taking requests, ends its streams, finishes what it has), then again.
  for (const foyer of processes) {
    await staff.waitForTimeout(1000);
    const running = foyer.foyers.at(-1)!;
    running.kill('SIGTERM');
    await exited(running);
    expect(running.exitCode).toBe(0);
    await foyer.start();
  }
  await staff.waitForTimeout(1000);
  sending = false;
  await sender;

  const expected = Array.from({ length: sent }, (_, i) => `Rolling ${i + 1}`);
  await expect.poll(() => texts(contact, 'en'), { timeout: 60_000 }).toEqual(expected);
  await expect.poll(() => texts(staff, 'en'), { timeout: 60_000 }).toEqual(expected);
  const arrivals = await contact.evaluate(() => (window as unknown as { arrivals: Record<string, number> }).arrivals);
  const times = expected.map((text) => arrivals[text]!).sort((a, b) => a - b);
  const longestGap = Math.max(...times.slice(1).map((time, i) => time - times[i]!));
  console.log(
    `Rolling restart of 3 processes behind nginx: ${sent} messages, 0 lost, 0 repeated; longest gap on the contact's screen ${longestGap} ms.`,
  );
  // The server has each once too.
  await contact.reload();
  await expect.poll(() => texts(contact, 'en'), { timeout: 30_000 }).toEqual(expected);
});

test('rate limits count the address nginx saw, not the one a client claims in X-Forwarded-For', async ({ browser }) => {
  skipUnlessDeployable();
  const origin = await deployment();
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const statuses: number[] = [];
  // Wrong codes, each claiming another address: nginx appends the one it saw, and Foyer takes that last entry.
  for (let i = 1; i <= 7; i += 1) {
    const answer = await context.request.post(`${origin}/api/chat/verify`, {
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
      data: { chatBoxId: 'cb_00000000000000000000', contactId: 'ct_00000000000000000000', otp: '12345678', token: '' },
    });
    statuses.push(answer.status());
  }
  // VERIFY_RATE_LIMIT is 6 for this deployment (the earlier tests' codes count too): refused before the seventh.
  expect(statuses).toContain(429);
  expect(statuses.slice(0, statuses.indexOf(429)).every((status) => status === 401)).toBe(true);
});
