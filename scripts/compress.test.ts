import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { treeCompressor } from './compress.mjs';

const page = (text: string) => `<!doctype html><html><body>${`<p>${text}</p>`.repeat(60)}</body></html>`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the build compressor', () => {
  it('follows files as they are written, then brings every copy up to date', async () => {
    dir = mkdtempSync(join(tmpdir(), 'foyer-compress-'));
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'en/a.html'), page('first version'));
    writeFileSync(join(dir, 'gone.html.br'), 'a copy from an earlier build');
    const compressor = treeCompressor(dir);
    compressor.follow({ settleMs: 50, pollMs: 20 });
    // Counted once both copies are written (the .br file appears before the .gz one and the count).
    for (const until = Date.now() + 10_000; compressor.done < 1 && Date.now() < until;) await sleep(20);
    expect(compressor.done).toBe(1);

    // Written again after its copies were made, a new page, a small file and one outside the scope.
    writeFileSync(join(dir, 'en/a.html'), page('second version'));
    writeFileSync(join(dir, 'en/b.html'), page('another page'));
    writeFileSync(join(dir, 'small.txt'), 'tiny');
    mkdirSync(join(dir, 'pagefind'));
    writeFileSync(join(dir, 'pagefind/pagefind.js'), `export const x = ${JSON.stringify(page('script'))};`);
    const totals = await compressor.finish({ ignore: ['pagefind/**'] });

    for (const file of ['en/a.html', 'en/b.html']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(original), file).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(original), file).toBe(true);
    }
    expect(existsSync(join(dir, 'small.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'gone.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'pagefind/pagefind.js.br'))).toBe(false);
    expect(totals.files).toBe(2);

    const pagefind = await compressor.finish({ under: 'pagefind' });
    expect(pagefind.files).toBe(1);
    expect(
      brotliDecompressSync(readFileSync(join(dir, 'pagefind/pagefind.js.br'))).equals(readFileSync(join(dir, 'pagefind/pagefind.js'))),
    ).toBe(true);
  });
});
