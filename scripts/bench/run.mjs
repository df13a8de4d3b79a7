/** The benchmark itself (see index.mjs, which checks the Node version first). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { kb, machineSpeedMs, runMeasured, startFoyer } from './measure.mjs';
import { launchBrowser, weighLogin, weighPage, weighWidget } from './pages.mjs';
import { demoStaffLogin } from '../authEmulator.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { startDemoHost } from '../demoHost.mjs';
import { measureStreamFloor } from './streamFloor.mjs';
import { measureStalledReaders } from './stalled.mjs';
import { measureApi } from './api.mjs';
import { measureChat } from './chat.mjs';
import { measureFanout } from './fanout.mjs';
import { measureNotifyLimit } from './notifyLimit.mjs';
import { measureInbox } from './inbox.mjs';
import { measureMail } from './mail.mjs';
import { measureFiles } from './files.mjs';
import { indexSizes, measureSearch } from './search.mjs';
import { measureWidgetTime, profiles } from './widgetTime.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { categories: { type: 'string', default: '8' }, articles: { type: 'string', default: '10' } } });
const work = join(root, '.bench');
const corpus = join(work, 'corpus');
const outDir = join(work, 'dist');
const cacheDir = join(work, 'cache');
mkdirSync(work, { recursive: true });
// A cold build, as on a fresh clone: no content cache, no previous output.
rmSync(cacheDir, { recursive: true, force: true });
rmSync(outDir, { recursive: true, force: true });

const calibrationMs = machineSpeedMs();
const articleCount = writeCorpus(corpus, { categories: Number(values.categories), articles: Number(values.articles) });
console.log(`Corpus: ${articleCount} articles in 25 languages written to ${corpus}`);

// `npm run build` as one process tree (its steps overlap): wall time, CPU time of the tree, its memory peak.
const buildRun = await runMeasured(process.execPath, [join(root, 'scripts/build.mjs'), '--force'], {
  cwd: root,
  env: { ...process.env, FOYER_CONTENT_DIR: corpus, FOYER_OUT_DIR: outDir, FOYER_CACHE_DIR: cacheDir, ASTRO_TELEMETRY_DISABLED: '1' },
});
const build = { seconds: buildRun.seconds, cpuSeconds: buildRun.cpuSeconds, peakRss: buildRun.peakRss };
// "Build steps: astro build 9.1 s, CSP hashes 0.4 s, …" (build.mjs): how long each took, some of them side by side.
const steps = [...(/^Build steps: (.*)\.$/m.exec(buildRun.output)?.[1] ?? '').matchAll(/([^,]+?) ([\d.]+) s/g)].map(([, name, seconds]) => [
  name.trim(),
  Number(seconds),
]);
const countPages = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, entry) => n + (entry.isDirectory() ? countPages(join(dir, entry.name)) : entry.name.endsWith('.html') ? 1 : 0),
    0,
  );
const pages = countPages(join(outDir, 'client'));

// Foyer as it is served (compression, the API, an Auth emulator of its own with the demo staff sign-in).
// The demo host page (another origin) may frame the chat box; startFoyer runs the server as in production.
const demoHostPort = 4392;
const server = await startFoyer(root, outDir, 4391, { FRAME_ANCESTORS: `http://127.0.0.1:${demoHostPort}` });
const browser = await launchBrowser();
const weights = {};
const search = {};
let login;
let lighthouse;
/** The demo host page (another site) without and with the widget's launcher: what embedding costs the host. */
let hostLighthouse;
/** The chat box on that page: embed.js before the press, and what the frame loads when it is opened. */
let widget;
const article = (lang) => `${server.url}/${lang}/categories/topic-1/articles/article-1-2`;
try {
  for (const lang of ['en', 'ar']) weights[lang] = await weighPage(browser, article(lang));
  weights.home = await weighPage(browser, `${server.url}/en`);
  weights.category = await weighPage(browser, `${server.url}/en/categories/topic-1`);
  search.en = await measureSearch(browser, server.url, { lang: 'en' });
  search.ar = await measureSearch(browser, server.url, { lang: 'ar', first: 'رسالة', more: ' بحث' });
  login = await weighLogin(browser, `${server.url}/en/login`, demoStaffLogin);
  lighthouse = await measureLighthouse(root, article('en'));
  const host = await startDemoHost({ port: demoHostPort, foyerUrl: server.url });
  try {
    widget = await weighWidget(browser, `${host.origin}/`, server.url);
    hostLighthouse = {
      without: await measureLighthouse(root, `${host.origin}/?embed=off`),
      with: await measureLighthouse(root, `${host.origin}/`),
    };
  } finally {
    await host.stop();
  }
} finally {
  await browser.close();
  await server.stop();
}

const widgetTime = await measureWidgetTime(root, outDir);
const api = await measureApi(root, outDir);
// The PostgreSQL part runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server it may create a database on.
// (Assigning undefined to process.env would store the string "undefined", which pg reads as a host name.)
if (!process.env.BENCH_DATABASE_URL && process.env.TEST_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
const chat = await measureChat(root, outDir);
const fanout = process.env.BENCH_DATABASE_URL ? await measureFanout(root, outDir, process.env.BENCH_DATABASE_URL) : [];
const notifyLimit = process.env.BENCH_DATABASE_URL ? await measureNotifyLimit(process.env.BENCH_DATABASE_URL) : [];
// The same measure on Node's own HTTP server with nothing of Foyer's: the floor under "memory per idle stream".
const streamFloor = await measureStreamFloor();
const stalled = await measureStalledReaders(root, outDir);
const inbox = await measureInbox(root, outDir);
const mail = await measureMail();
const files = await measureFiles();

const results = {
  date: new Date().toISOString(),
  calibrationMs,
  articles: articleCount,
  pages,
  buildSeconds: build.seconds,
  buildCpuSeconds: build.cpuSeconds,
  pagesPerSecond: pages / build.seconds,
  peakRssMiB: build.peakRss / 1024 / 1024,
  weights,
  search,
  login,
  lighthouse,
  hostLighthouse,
  widget,
  widgetTime,
  api,
  chat,
  fanout,
  notifyLimit,
  streamFloor,
  stalled,
  inbox,
  mail,
  files,
  indexBytes: indexSizes(join(outDir, 'client/pagefind')),
};
writeFileSync(join(work, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const mark = (ok) => (ok ? '✓' : '✗');
const row = (name, value, budget, ok) => console.log(`${mark(ok)} ${name.padEnd(44)} ${String(value).padStart(12)}   ${budget}`);
console.log(`\n  ${'measure'.padEnd(44)} ${'figure'.padStart(12)}   budget`);
row('machine: calibration workload (lower is faster)', `${calibrationMs.toFixed(0)} ms`, '', true);
row('build wall time', `${build.seconds.toFixed(1)} s`, '', true);
row('build CPU time (user + system; 2 cores = 2 × wall)', `${build.cpuSeconds.toFixed(1)} s`, '', true);
for (const [name, seconds] of steps) row(`  ${name}`, `${seconds.toFixed(1)} s`, '', true);
row(`pages per second (${pages} pages)`, results.pagesPerSecond.toFixed(0), '≥ 150', results.pagesPerSecond >= 150);
row('peak memory of the build (RSS)', `${results.peakRssMiB.toFixed(0)} MiB`, '≤ 1024 MiB', results.peakRssMiB <= 1024);
for (const [name, w] of Object.entries({
  'en article': weights.en,
  'ar article': weights.ar,
  home: weights.home,
  category: weights.category,
})) {
  row(`${name}: HTML + CSS on the wire`, `${kb(w.html + w.css)}`, '≤ 14 KB', w.html + w.css <= 14 * 1024);
  row(`${name}: first load on the wire (JS ${kb(w.js)})`, kb(w.total), '≤ 24 KB', w.total <= 24 * 1024);
  row(`${name}: requests before prefetches`, w.requests, '≤ 3', w.requests <= 3);
}
for (const preset of ['mobile', 'desktop']) {
  const l = lighthouse[preset];
  row(`Lighthouse ${preset}, en article: performance`, l.performance, '100', l.performance === 100);
  row(`Lighthouse ${preset}: CLS / FCP`, `${l.cls.toFixed(3)} / ${(l.fcpMs / 1000).toFixed(2)} s`, 'CLS 0', l.cls === 0);
}
row(
  `embed.js: all the host loads before the press (gzip)`,
  widget.beforeClick.join(', ') === '/embed.js' ? kb(widget.embedGzip) : widget.beforeClick.join(', '),
  '≤ 3 KB',
  widget.beforeClick.join(', ') === '/embed.js' && widget.embedGzip <= 3 * 1024,
);
row(
  `chat box first open: JS + CSS (gzip; ${widget.openFiles} files, ${kb(widget.openWire)} on the wire)`,
  kb(widget.openGzip),
  '≤ 120 KB',
  widget.openGzip <= 120 * 1024,
);
const range = ({ medianMs, minMs, maxMs }) =>
  `${(medianMs / 1000).toFixed(2)} s (${(minMs / 1000).toFixed(2)}–${(maxMs / 1000).toFixed(2)})`;
for (const [name, { codeForm, conversation }] of Object.entries(widgetTime)) {
  const throttled = `${profiles[name].cpuSlowdown}× CPU, ${profiles[name].latencyMs} ms a request`;
  row(`chat box: launcher pressed → code form takes input (${throttled})`, range(codeForm), '≤ 1.5 s', codeForm.medianMs <= 1500);
  row(`chat box: invitation link → conversation shown (${throttled})`, range(conversation), '', true);
}
for (const preset of ['mobile', 'desktop']) {
  const { without, with: launcher } = hostLighthouse;
  row(
    `Lighthouse ${preset}, host page without / with launcher`,
    `${without[preset].performance} / ${launcher[preset].performance}`,
    'unchanged',
    launcher[preset].performance >= without[preset].performance,
  );
  row(`Lighthouse ${preset}, host page with launcher: CLS`, launcher[preset].cls.toFixed(3), 'CLS 0', launcher[preset].cls === 0);
}
for (const [name, w] of Object.entries({ home: weights.home, category: weights.category, article: weights.en })) {
  row(`${name}: inline scripts (gzip)`, `${w.inlineScripts} B`, '≤ 1.5 KB', w.inlineScripts <= 1536);
}
for (const lang of ['en', 'ar']) {
  const s = search[lang];
  row(`search (${lang}): page incl. Pagefind start (gzip)`, kb(s.pageBytes), '', true);
  row(`search (${lang}): first query fetches (gzip)`, kb(s.firstQueryBytes), '≤ 80 KB', s.firstQueryBytes <= 80 * 1024);
  row(`search (${lang}): keystroke → results, median`, `${s.keystrokeMedianMs.toFixed(1)} ms`, '≤ 50 ms', s.keystrokeMedianMs <= 50);
  row(`search (${lang}): keystroke → results, slowest of ${s.keystrokes}`, `${s.keystrokeMaxMs.toFixed(1)} ms`, '', true);
}
row(`login page: JS to sign in (gzip, ${login.chunks} files)`, kb(login.js), '≤ 80 KB', login.js <= 80 * 1024);
if (login.otherOrigins.length) console.log(`  (the login page also loaded: ${login.otherOrigins.join(', ')})`);
const sizes = Object.values(results.indexBytes).sort((a, b) => a - b);
row('search index per language (median)', kb(sizes[Math.floor(sizes.length / 2)]), '', true);
row('search index per language (en / ar)', `${kb(results.indexBytes.en)} / ${kb(results.indexBytes.ar)}`, '', true);
row('API: extend, requests per second (20 connections)', api.extend.rps.toFixed(0), '≥ 5,000', api.extend.rps >= 5000);
row('API: extend, p99 latency under that load', `${api.extend.p99Ms} ms`, '', api.extend.errors === 0);
row('API: contacts/get, requests per second', api.contactsGet.rps.toFixed(0), '', api.contactsGet.errors === 0);
row(
  `API: verify latency p50 / p99 (${api.verify.count} codes)`,
  `${api.verify.p50Ms.toFixed(1)} / ${api.verify.p99Ms.toFixed(1)} ms`,
  '',
  true,
);
const nativePerStreamKiB = streamFloor.rssPerStreamKiB - streamFloor.heapPerStreamKiB;
for (const [name, run] of Object.entries({ PGlite: chat.pglite, 'PostgreSQL, two processes': chat.postgres })) {
  if (!run) continue;
  row(
    `chat (${name}): ${run.streams} streams, ${run.messages} messages: p50 / p99`,
    `${run.p50Ms.toFixed(1)} / ${run.p99Ms.toFixed(1)} ms`,
    'p99 ≤ 50 ms',
    run.p99Ms <= 50,
  );
  row(`chat (${name}): lost / duplicated deliveries`, `${run.lost} / ${run.duplicated}`, '0 / 0', run.lost === 0 && run.duplicated === 0);
  // Each further stream's RSS after full collections, over eight thousand; beside it, what it holds in JavaScript plus
  // what Node itself holds natively per connection (the bare server's RSS beyond its heap).
  const estimate = run.heapPerIdleStreamKiB + nativePerStreamKiB;
  row(
    `chat (${name}): server memory per idle stream, RSS over ${run.rssStreams.toLocaleString('en')} more (JS heap + Node's native share: ${run.heapPerIdleStreamKiB.toFixed(1)} + ${nativePerStreamKiB.toFixed(1)} = ${estimate.toFixed(1)} KB)`,
    `${run.rssPerIdleStreamKiB.toFixed(1)} KB`,
    // The goal is the one process on PGlite's; the PostgreSQL run is there for its latency and losses.
    name === 'PGlite' ? '≤ 20 KB' : '',
    name !== 'PGlite' || run.rssPerIdleStreamKiB <= 20,
  );
}
for (const run of fanout) {
  const where = `chat across ${run.processes} processes (PostgreSQL, ${run.streams.toLocaleString('en')} streams)`;
  row(
    `${where}: p50 / p99 from the send's answer`,
    `${run.delivery.p50Ms.toFixed(1)} / ${run.delivery.p99Ms.toFixed(1)} ms`,
    'p99 ≤ 50 ms',
    run.delivery.p99Ms <= 50,
  );
  row(
    `${where}: p99 from the send's start: to the notification / after it / in all`,
    [run.toNotification, run.afterNotification, run.fromStart].map((part) => part.p99Ms.toFixed(0)).join(' / ') + ' ms',
    '',
    true,
  );
  row(`${where}: lost / duplicated deliveries`, `${run.lost} / ${run.duplicated}`, '0 / 0', run.lost === 0 && run.duplicated === 0);
}
if (notifyLimit.length) {
  const [plain, ...notifying] = notifyLimit;
  const listening = notifying.filter((run) => !run.readBack);
  const readingBack = notifying.filter((run) => run.readBack);
  row(
    `PostgreSQL alone: one-statement commits/s without NOTIFY; with, for ${listening.map((run) => run.listeners).join(' / ')} listeners`,
    `${plain.commitsPerSecond}; ${listening.map((run) => run.commitsPerSecond).join(' / ')}`,
    '',
    true,
  );
  row(
    `PostgreSQL alone: notification delay p50 / p99 at that rate, same listeners`,
    listening.map((run) => `${run.delayP50Ms.toFixed(0)}/${run.delayP99Ms.toFixed(0)}`).join(' · ') + ' ms',
    '',
    notifying.every((run) => run.heard === 1),
  );
  row(
    `PostgreSQL alone: the same with each listener reading each row back (${readingBack.map((run) => run.listeners).join(' / ')}): commits/s, delay p99`,
    readingBack.map((run) => `${run.commitsPerSecond}, ${run.delayP99Ms.toFixed(0)} ms`).join(' · '),
    '',
    true,
  );
}
row(
  `chat: per idle stream on a bare Node HTTP server: RSS / JS heap`,
  `${streamFloor.rssPerStreamKiB.toFixed(1)} / ${streamFloor.heapPerStreamKiB.toFixed(1)} KB`,
  '',
  true,
);
row(
  `chat: ${stalled.streams.toLocaleString('en')} readers that never read, ${(stalled.megabytesSent / 1024).toFixed(1)} GB for them: kernel TCP memory`,
  `${stalled.loaded.tcpMiB.toFixed(0)} MiB`,
  '≤ 256 MiB',
  stalled.loaded.tcpMiB <= 256,
);
row(
  `chat: the same, server RSS before / loaded / after ${stalled.stallSeconds} s`,
  [stalled.before, stalled.loaded, stalled.after].map((at) => at.rssMiB.toFixed(0)).join(' / ') + ' MiB',
  '',
  true,
);
row(`chat: the same, server sockets still open after ${stalled.stallSeconds} s`, stalled.open, '0', stalled.open === 0);
row('chat: sends per second, PGlite (20 connections)', chat.send.rps.toFixed(0), '≥ 1,000', chat.send.rps >= 1000);
if (chat.postgresSend) row('chat: sends per second, PostgreSQL', chat.postgresSend.rps.toFixed(0), '', chat.postgresSend.errors === 0);
for (const [name, run] of Object.entries({ PGlite: inbox.pglite, PostgreSQL: inbox.postgres })) {
  if (!run) continue;
  const of = `${inbox.chatBoxes} chat boxes, ${inbox.messages} messages`;
  row(
    `inbox API (${name}, ${of}): p50 / p99`,
    `${run.inbox.p50.toFixed(1)} / ${run.inbox.p99.toFixed(1)} ms`,
    'p99 ≤ 50 ms',
    run.inbox.p99 <= 50,
  );
  for (const [kind, figures] of Object.entries(run.search)) {
    row(
      `inbox search (${name}), ${kind} word: p50 / p99`,
      `${figures.p50.toFixed(1)} / ${figures.p99.toFixed(1)} ms`,
      'p99 ≤ 100 ms',
      figures.p99 <= 100,
    );
  }
  row(`inbox (${name}): navigation to first row, Chromium`, `${run.firstRowMs} ms`, '', true);
  row(
    `workspace (${name}): one conversation to another, three panes, Chromium: p50 / p99`,
    `${run.switchMs.p50.toFixed(0)} / ${run.switchMs.p99.toFixed(0)} ms`,
    '',
    true,
  );
}
for (const [name, run] of Object.entries({ PGlite: mail.pglite, PostgreSQL: mail.postgres })) {
  if (!run) continue;
  row(`mail outbox (${name}, ${mail.count} due): e-mails per second`, run.perSecond.toFixed(0), '', run.sent === mail.count);
  row(`mail outbox (${name}): due → accepted, p50 / p99`, `${(run.p50 / 1000).toFixed(2)} / ${(run.p99 / 1000).toFixed(2)} s`, '', true);
}
for (const [name, run] of Object.entries({ PGlite: files.pglite, PostgreSQL: files.postgres })) {
  if (!run) continue;
  row(`files (${name}): a 5 MB file up / down`, `${run.uploadMBs.toFixed(1)} / ${run.downloadMBs.toFixed(1)} MB/s`, '', true);
  row(
    `files (${name}): 20 × 25 MB uploaded at once, server memory growth`,
    `${run.parallel.growthMiB.toFixed(0)} MiB in ${run.parallel.seconds.toFixed(1)} s`,
    '≤ 100 MiB',
    run.parallel.growthMiB <= 100,
  );
}
console.log(`\nFirst English query fetched: ${search.en.firstQueryFiles.join(', ')}`);
console.log(`\nRequests for the English article: ${weights.en.urls.join(', ')}`);
console.log(`Results written to ${join(work, 'results.json')}`);
