/** Loads a page in Chromium the way a first-time reader does and weighs what it fetched. */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { gzipBytes } from './measure.mjs';

export async function launchBrowser() {
  return chromium.launch({ ...(chromiumPath && { executablePath: chromiumPath }), args: chromiumArgs });
}

/** Executable inline scripts (JSON-LD is data, not script). */
function inlineScripts(html) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes))
    .map(([, , body]) => body)
    .join('');
}

/**
 * A first visit: per kind, the bytes that crossed the wire (headers and encoded body, as Chromium reports them), the
 * requests made before prefetches, and the inline scripts' gzip size.
 */
export async function weighPage(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) =>
    pending.push(
      (async () => {
        const headers = await request.allHeaders();
        // Prefetches of visible links happen after the page is usable and are not part of loading it.
        if (headers['sec-purpose']?.includes('prefetch') || headers['purpose'] === 'prefetch') return undefined;
        const sizes = await request.sizes();
        return { url: request.url(), type: request.resourceType(), wire: sizes.responseHeadersSize + sizes.responseBodySize };
      })(),
    ),
  );
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  const html = await (await context.request.get(url)).text();
  // Sizes are read from the open page: asked after the context has closed, they never answer.
  const requests = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const sum = (...types) => requests.filter((r) => !types.length || types.includes(r.type)).reduce((total, r) => total + r.wire, 0);
  return {
    html: sum('document'),
    css: sum('stylesheet'),
    js: sum('script'),
    total: sum(),
    inlineScripts: gzipBytes(inlineScripts(html)),
    requests: requests.length,
    urls: requests.map((r) => new URL(r.url).pathname),
  };
}

/**
 * The login page's JavaScript: every script a first-time visitor loads until an e-mail sign-in has gone through
 * (Firebase Auth against the emulator, then the user-details call), gzip, by origin.
 */
export async function weighLogin(browser, url, { email, password }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  // Signed in, the page goes on to the inbox: what that page loads is not the login page's.
  let left = false;
  const ignored = new WeakSet();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname !== new URL(url).pathname) left = true;
  });
  page.on('request', (request) => {
    if (left) ignored.add(request);
  });
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script' || ignored.has(request)) return;
    const response = await request.response();
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    scripts.push({ url: request.url(), gzip: gzipBytes(body) });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  const detailsAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/me', { timeout: 30_000 });
  await page.locator('[data-login] button[value="sign-in"]').click();
  await detailsAsked;
  await page.waitForTimeout(500);
  await context.close();
  const origin = new URL(url).origin;
  const own = scripts.filter((s) => new URL(s.url).origin === origin);
  return {
    js: own.reduce((total, s) => total + s.gzip, 0),
    chunks: own.length,
    otherOrigins: scripts.filter((s) => new URL(s.url).origin !== origin).map((s) => s.url),
  };
}

/**
 * The widget on another site: embed.js, all the host page loads from Foyer before the launcher is pressed, and
 * every script and stylesheet the frame loads when it is (to the code form), gzip and on the wire.
 */
export async function weighWidget(browser, hostUrl, foyerUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loads = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== foyerUrl || !['script', 'stylesheet'].includes(request.resourceType())) return;
    loads.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return { path: url.pathname, gzip: gzipBytes(await response.body()), wire: sizes.responseHeadersSize + sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(hostUrl, { waitUntil: 'networkidle' });
  const before = await Promise.all(loads.splice(0));
  await page.locator('[data-foyer-embed] button').last().click();
  await page.frameLocator('[data-foyer-embed] iframe').locator('form').first().waitFor();
  await page.waitForLoadState('networkidle');
  const open = await Promise.all(loads);
  await context.close();
  const sum = (list, key) => list.reduce((total, load) => total + load[key], 0);
  return {
    embedGzip: sum(before, 'gzip'),
    beforeClick: before.map((load) => load.path),
    openGzip: sum(open, 'gzip'),
    openWire: sum(open, 'wire'),
    openFiles: open.length,
  };
}
