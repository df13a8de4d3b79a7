/** The benchmark itself (see index.mjs, which checks the Node version first). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildSteps } from '../build.mjs';
import { writeCorpus } from './corpus.mjs';
import { kb, machineSpeedMs, runMeasured, startServer } from './measure.mjs';
import { launchBrowser, weighLogin, weighPage } from './pages.mjs';
import { demoStaffLogin, ensureEmulatorUser, freePortBase, startAuthEmulator } from '../authEmulator.mjs';
import { measureApi } from './api.mjs';
import { indexSizes, measureSearch } from './search.mjs';

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

// `npm run build`: both steps, timed together; the memory peak is the larger of the two processes.
const steps = [];
for (const [, script, args] of buildSteps(outDir)) {
  steps.push(
    await runMeasured(process.execPath, [join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, FOYER_CONTENT_DIR: corpus, FOYER_OUT_DIR: outDir, FOYER_CACHE_DIR: cacheDir, ASTRO_TELEMETRY_DISABLED: '1' },
    }),
  );
}
const build = { seconds: steps.reduce((sum, step) => sum + step.seconds, 0), peakRss: Math.max(...steps.map((step) => step.peakRss)) };
const countPages = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, entry) => n + (entry.isDirectory() ? countPages(join(dir, entry.name)) : entry.name.endsWith('.html') ? 1 : 0),
    0,
  );
const pages = countPages(join(outDir, 'client'));

// The login page signs in against an Auth emulator of its own.
const emulator = await startAuthEmulator({ port: await freePortBase() });
await ensureEmulatorUser(emulator.host, demoStaffLogin);
process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
const server = await startServer(join(outDir, 'server/entry.mjs'), 4391);
const browser = await launchBrowser();
const weights = {};
const search = {};
let login;
try {
  for (const lang of ['en', 'ar']) {
    weights[lang] = await weighPage(browser, `${server.url}/${lang}/categories/topic-1/articles/article-1-2`);
  }
  weights.home = await weighPage(browser, `${server.url}/en`);
  weights.category = await weighPage(browser, `${server.url}/en/categories/topic-1`);
  search.en = await measureSearch(browser, server.url, { lang: 'en' });
  search.ar = await measureSearch(browser, server.url, { lang: 'ar', first: 'رسالة', more: ' بحث' });
  login = await weighLogin(browser, `${server.url}/en/login`, demoStaffLogin);
} finally {
  await browser.close();
  server.stop();
  await emulator.stop();
}

const api = await measureApi(root, outDir);

const results = {
  date: new Date().toISOString(),
  calibrationMs,
  articles: articleCount,
  pages,
  buildSeconds: build.seconds,
  pagesPerSecond: pages / build.seconds,
  peakRssMiB: build.peakRss / 1024 / 1024,
  weights,
  search,
  login,
  api,
  indexBytes: indexSizes(join(outDir, 'client/pagefind')),
};
writeFileSync(join(work, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const mark = (ok) => (ok ? '✓' : '✗');
const row = (name, value, budget, ok) => console.log(`${mark(ok)} ${name.padEnd(44)} ${String(value).padStart(12)}   ${budget}`);
console.log(`\n  ${'measure'.padEnd(44)} ${'figure'.padStart(12)}   budget`);
row('machine: calibration workload (lower is faster)', `${calibrationMs.toFixed(0)} ms`, '', true);
row('build wall time', `${build.seconds.toFixed(1)} s`, '', true);
row(`pages per second (${pages} pages)`, results.pagesPerSecond.toFixed(0), '≥ 150', results.pagesPerSecond >= 150);
row('peak memory of the build (RSS)', `${results.peakRssMiB.toFixed(0)} MiB`, '≤ 1024 MiB', results.peakRssMiB <= 1024);
for (const lang of ['en', 'ar']) {
  const w = weights[lang];
  row(`${lang} article: HTML (gzip)`, kb(w.html), '', true);
  row(`${lang} article: CSS (gzip)`, kb(w.css), '', true);
  row(`${lang} article: HTML + CSS (gzip)`, kb(w.html + w.css), '≤ 14 KB', w.html + w.css <= 14 * 1024);
  row(`${lang} article: JS loaded (gzip)`, kb(w.js), '', true);
  row(`${lang} article: requests`, w.requests, '≤ 3', w.requests <= 3);
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
console.log(`\nFirst English query fetched: ${search.en.firstQueryFiles.join(', ')}`);
console.log(`\nRequests for the English article: ${weights.en.urls.join(', ')}`);
console.log(`Results written to ${join(work, 'results.json')}`);
