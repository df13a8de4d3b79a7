/**
 * How long the chat box takes on a phone, in Chromium with 4× CPU slowdown and Lighthouse's slow-4G network, two ways:
 * as Lighthouse applies it through DevTools (each request 562.5 ms late, 1,474.56 kbit/s down, 675 up: its RTT of 150
 * ms × 3.75 stands for connection set-up that loopback does not have) and as the network itself (150 ms a request,
 * 1,638.4 kbit/s down, 750 up). Measured: the launcher pressed on another site → the code form accepting input, and an
 * invitation link opened → the conversation shown. Each run in a fresh context (nothing cached), median and range.
 * Alone: `node scripts/bench/widgetTime.mjs [--root DIR]` (on DIR's build in dist/; DIR defaults to this checkout, so
 * another checkout of Foyer can be measured beside it with the same code), with what the first open weighs.
 */
import { startDemoHost } from '../demoHost.mjs';
import { startFoyer } from './measure.mjs';
import { launchBrowser, weighWidget } from './pages.mjs';

export const profiles = {
  devtools: { cpuSlowdown: 4, latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 },
  network: { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750 },
};

async function throttledPage(browser, throttling) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  // The host page and the frame are one site (127.0.0.1), so the frame runs in the page's renderer and takes its
  // throttling.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: (throttling.downloadKbps * 1024) / 8,
    uploadThroughput: (throttling.uploadKbps * 1024) / 8,
  });
  return { context, page };
}

/** Launcher pressed → the frame's code field takes a keystroke. */
async function launcherToCodeForm(browser, throttling, hostUrl) {
  const { context, page } = await throttledPage(browser, throttling);
  try {
    await page.goto(hostUrl, { waitUntil: 'networkidle' });
    const started = Date.now();
    await page.locator('[data-foyer-embed] button').last().click();
    const field = page.frameLocator('[data-foyer-embed] iframe').locator('form input').first();
    await field.pressSequentially('1', { timeout: 60_000 });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

/** An invitation link opened → the conversation's message log shown. */
async function linkToConversation(browser, throttling, link) {
  const { context, page } = await throttledPage(browser, throttling);
  try {
    const started = Date.now();
    await page.goto(link, { waitUntil: 'commit' });
    await page.getByRole('log').waitFor({ timeout: 60_000 });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted.at(-1), runs: sorted.length };
};

async function invitationLink(dataDir, email) {
  // TypeScript, loaded only when needed (see requireTypeScript in node-version.mjs).
  const { sendAdminCommand } = await import('../../src/server/admin/channel.ts');
  const answer = await sendAdminCommand(dataDir, { name: 'invite', email });
  return answer.output.split('\n').at(-1);
}

export async function measureWidgetTime(root, outDir, { port = 4394, hostPort = 4395, runs = 5, weigh = false } = {}) {
  const server = await startFoyer(root, outDir, port, { FRAME_ANCESTORS: `http://127.0.0.1:${hostPort}` });
  const host = await startDemoHost({ port: hostPort, foyerUrl: server.url });
  const browser = await launchBrowser();
  try {
    const results = {};
    let invited = 0;
    for (const [name, throttling] of Object.entries(profiles)) {
      const codeForm = [];
      const conversation = [];
      for (let run = 0; run < runs; run++) {
        codeForm.push(await launcherToCodeForm(browser, throttling, `${host.origin}/`));
        // A fresh code each time: a link works once.
        const link = new URL(await invitationLink(server.dataDir, `widget-bench-${invited++}@example.com`));
        conversation.push(await linkToConversation(browser, throttling, `${server.url}${link.pathname}${link.search}`));
      }
      results[name] = { codeForm: summary(codeForm), conversation: summary(conversation) };
    }
    if (weigh) results.weight = await weighWidget(browser, `${host.origin}/`, server.url);
    return results;
  } finally {
    await browser.close();
    await host.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { join, resolve } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { values } = parseArgs({ options: { root: { type: 'string' }, runs: { type: 'string', default: '5' } } });
  const root = values.root ? resolve(values.root) : fileURLToPath(new URL('../..', import.meta.url));
  console.log(JSON.stringify(await measureWidgetTime(root, join(root, 'dist'), { runs: Number(values.runs), weigh: true }), null, 2));
}
