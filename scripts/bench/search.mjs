/** Search figures: Pagefind's index size per language, bytes a first query fetches, keystroke-to-results time. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipBytes } from './measure.mjs';

/** Bytes on disk per language: its metadata, index chunks and fragments (already compressed by Pagefind). */
export function indexSizes(pagefindDir) {
  const sizes = {};
  const add = (file, path) => {
    const lang = file.replace(/^pagefind\./, '').split('_')[0];
    sizes[lang] = (sizes[lang] ?? 0) + statSync(path).size;
  };
  for (const file of readdirSync(pagefindDir)) if (file.endsWith('.pf_meta')) add(file, join(pagefindDir, file));
  for (const folder of ['index', 'fragment']) {
    for (const file of readdirSync(join(pagefindDir, folder))) add(file, join(pagefindDir, folder, file));
  }
  return sizes;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Opens the search page, waits until it has loaded everything it loads by itself, then types a first query
 * and counts what that fetched; then times further keystrokes until their results are on screen.
 */
export async function measureSearch(browser, baseUrl, { lang = 'en', first = 'session', more = ' chat link code' } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const transfers = [];
  let recording = false;
  page.on('requestfinished', async (request) => {
    // The phase is the one the request finished in, decided before awaiting anything.
    const phase = recording ? 'query' : 'page';
    if ((await request.allHeaders())['sec-purpose']?.includes('prefetch')) return;
    const response = await request.response();
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    // Pagefind's files are compressed already; gzip would not shrink them further.
    const bytes = Math.min(body.length, gzipBytes(body));
    transfers.push({ phase, url: new URL(request.url()).pathname, bytes });
  });
  await page.goto(`${baseUrl}/${lang}/search`, { waitUntil: 'networkidle' });
  const box = page.locator('[data-search-box]');
  await box.focus();
  recording = true;
  await box.pressSequentially(first);
  await page.waitForSelector(`.search-answer[data-query="${first}"]`);
  await page.waitForLoadState('networkidle');
  recording = false;

  await page.evaluate(() => {
    const input = document.querySelector('[data-search-box]');
    const answer = document.querySelector('.search-answer');
    const timings = (window.__keystrokeToResults = []);
    let started = 0;
    // beforeinput: the first event of a keystroke that changes the text, for any script's characters.
    input.addEventListener('beforeinput', (event) => (started = event.timeStamp), true);
    new MutationObserver(() => {
      if (started && answer.dataset.query === input.value) {
        timings.push(performance.now() - started);
        started = 0;
      }
    }).observe(answer, { attributes: true, childList: true, subtree: true, characterData: true });
  });
  for (const [index, character] of [...more].entries()) {
    await page.keyboard.type(character);
    await page.waitForFunction((n) => window.__keystrokeToResults.length > n, index);
  }
  const timings = await page.evaluate(() => window.__keystrokeToResults);
  await context.close();
  const sum = (phase) => transfers.filter((t) => t.phase === phase).reduce((total, t) => total + t.bytes, 0);
  return {
    pageBytes: sum('page'),
    firstQueryBytes: sum('query'),
    firstQueryFiles: transfers.filter((t) => t.phase === 'query').map((t) => t.url),
    keystrokeMedianMs: median(timings),
    keystrokeMaxMs: Math.max(...timings),
    keystrokes: timings.length,
  };
}
