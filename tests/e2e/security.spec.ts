import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inviteLink } from './cli.ts';
import { articleIn, articlePath, messages } from './content.ts';
import { emulatorHost } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

test('every kind of response carries the security headers, and the CSP allows no unsafe inline script', async ({ request }) => {
  for (const path of [
    '/en',
    articlePath('en', articleIn('en')),
    '/en/search',
    '/en/missing',
    '/api/contacts/get',
    '/_astro/nothing.js',
    '/sitemap.xml',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    const csp = headers['content-security-policy'] ?? '';
    // API answers allow nothing at all; pages allow their own scripts.
    expect(csp, path).toMatch(path.startsWith('/api/') ? /^default-src 'none';/ : /script-src 'self'/);
    expect(csp, path).not.toContain('unsafe-inline');
    expect(csp, path).toContain("frame-ancestors 'none'");
  }
});

test('pages work under the CSP: no violation reported while reading and searching', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto('/en');
  await page.locator('.card a').first().click();
  await expect(page.locator('.crumbs')).toBeVisible();
  await page.goto('/ar/search?q=%D8%B1%D9%85%D8%B2');
  await expect(page.locator('.search-answer')).toHaveAttribute('data-query', /./);
  await page.locator('details.menu > summary').nth(1).click();
  await page.getByRole('radio').nth(2).check();
  expect(violations).toEqual([]);
});

test('the on-demand pages work under the CSP too: sign-in, a contact session, the widget', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto('/he/login');
  await page.getByRole('button', { name: messages('he')['login.signIn']!, exact: true }).click();
  await expect(page.getByText(messages('he')['login.emailMissing']!)).toBeVisible();
  const link = inviteLink(['--name', 'Csp']);
  await page.goto(link.path);
  await expect(page.locator('.session-active')).toBeVisible();
  await page.goto(`/en/chatBox/${link.chatBoxId}`);
  await expect(page.locator('.session-active')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API answers errors in JSON with the right status', async ({ request }) => {
  const wrongMethod = await request.get('/api/chat/verify');
  expect(wrongMethod.status()).toBe(405);
  expect(await wrongMethod.json()).toEqual({ error: { code: 'method_not_allowed', message: expect.any(String) } });
  const notJson = await request.post('/api/chat/verify', { headers: { 'content-type': 'text/plain' }, data: 'hello' });
  expect(notJson.status()).toBe(415);
  const badBody = await request.post('/api/chat/verify', { data: { chatBoxId: 'x', contactId: 1 } });
  expect(badBody.status()).toBe(400);
  const body = await badBody.json();
  expect(body.error.code).toBe('invalid_body');
  expect(body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(
    expect.arrayContaining(['chatBoxId', 'contactId', 'otp', 'token']),
  );
});

test('the server’s data directory and every file in it are its owner’s alone', async () => {
  // The directory playwright.config.ts gives the server.
  const dir = 'node_modules/.cache/foyer-e2e-data';
  const { mode } = await stat(dir);
  expect((mode & 0o777).toString(8)).toBe('700');
  const entries = await readdir(dir, { recursive: true });
  expect(entries.length).toBeGreaterThan(10);
  const open: string[] = [];
  for (const entry of entries) {
    const found = await lstat(join(dir, entry)).catch(() => undefined);
    // A link's own mode means nothing; what it points to is listed itself.
    if (found && !found.isSymbolicLink() && found.mode & 0o077) open.push(`${entry} ${(found.mode & 0o777).toString(8)}`);
  }
  expect(open).toEqual([]);
});

test('a flood of event streams from one token leaves the site and the API answering; the token keeps its newest few', async ({
  request,
  baseURL,
}) => {
  const invitation = inviteLink();
  const verified = await request.post('/api/chat/verify', {
    data: { chatBoxId: invitation.chatBoxId, contactId: invitation.contactId, otp: invitation.code, token: 't' },
  });
  const { jwt } = (await verified.json()).data;
  const stream = `${baseURL}/api/chat/stream?chatBoxId=${invitation.chatBoxId}`;
  const flood = await Promise.all(
    Array.from({ length: 60 }, async () => {
      const controller = new AbortController();
      const response = await fetch(stream, { headers: { authorization: `Bearer ${jwt}` }, signal: controller.signal });
      const state = { status: response.status, ended: false, abort: () => controller.abort() };
      void (async () => {
        try {
          for await (const _ of response.body!);
        } catch {
          // Aborted below.
        }
        state.ended = true;
      })();
      return state;
    }),
  );
  try {
    expect(flood.every((one) => one.status === 200)).toBe(true);
    // The server ends all but the newest (STREAMS_PER_CONTACT, 8): a reload never locks the contact out.
    await expect.poll(() => flood.filter((one) => !one.ended).length).toBe(8);
    expect((await request.get('/en')).status()).toBe(200);
    const wrongCode = await request.post('/api/chat/verify', {
      data: { chatBoxId: invitation.chatBoxId, contactId: invitation.contactId, otp: '00000000', token: 't' },
    });
    expect(wrongCode.status()).toBe(401);
  } finally {
    for (const one of flood) one.abort();
  }
});

test('pages rendered on demand say their charset and that they are not to be reused unasked', async ({ request }) => {
  for (const path of ['/en/chat', '/ar/chatBox', '/en/login', '/en/staff', '/en/no-such-page']) {
    const response = await request.get(path);
    expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8');
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
});

test('the staff pages let the Firebase SDK renew the sign-in (the CSP allows its token endpoint)', async ({ browser }) => {
  const page = await signedIn(browser, '/en/staff');
  for (const path of ['/en/staff', '/en/staff/help-centre']) {
    await page.goto(path);
    // Where the SDK renews an ID token (the emulator's stand-in for securetoken.googleapis.com): a CSP refusal is a
    // TypeError before any answer, an allowed call gets the emulator's 400 for a missing refresh token.
    const status = await page.evaluate(async (url) => {
      try {
        return (await fetch(url, { method: 'POST', body: 'grant_type=refresh_token&refresh_token=x' })).status;
      } catch (error) {
        return String(error);
      }
    }, `http://${emulatorHost}/securetoken.googleapis.com/v1/token?key=any`);
    expect(status, path).toBe(400);
  }
});
