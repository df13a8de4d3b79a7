/**
 * The build's last step: a Brotli (quality 10 for pages, 11 for the rest) and a gzip (level 9) copy beside every
 * compressible static file, for the server to send by Accept-Encoding (src/server/http/precompressed.ts). Pagefind's
 * index files are compressed already and are left alone. zlib's asynchronous calls run on libuv's thread pool, so
 * all cores share the work.
 * Usage: node scripts/compress.mjs <client dir>
 */
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { globSync } from 'tinyglobby';

const compressible = ['html', 'css', 'js', 'mjs', 'json', 'svg', 'xml', 'txt', 'webmanifest'];
/** Below this, compression saves less than the header it costs. */
const smallest = 512;

/**
 * Brotli quality 11 for the files every page shares (CSS, scripts, the few others); pages themselves at 10, which
 * measured here at a third of 11's time (8 against 26 ms per article) for 1.7 % more bytes (about 70 B a page):
 * there are thousands of pages, and at 11 they were most of the build's time.
 */
const brotliQuality = (path) => (path.endsWith('.html') ? 10 : 11);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const encoders = [
  [
    'br',
    (bytes, path) =>
      brotli(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
  ],
  ['gz', (bytes) => gzipped(bytes, { level: 9 })],
];

/** Writes the copies; resolves with the files and bytes before and after (Brotli), for the build's log line. */
export async function compressTree(clientDir) {
  // Copies from an earlier build would outlive a changed or removed original.
  await Promise.all(globSync('**/*.{br,gz}', { cwd: clientDir }).map((copy) => rm(join(clientDir, copy))));
  const files = globSync(`**/*.{${compressible.join(',')}}`, { cwd: clientDir });
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const queue = files.map((file) => join(clientDir, file));
  // Enough in flight to keep the thread pool busy, few enough to keep memory flat.
  const workers = Array.from({ length: Math.max(2, availableParallelism() * 2) }, async () => {
    for (let path = queue.pop(); path; path = queue.pop()) {
      if ((await stat(path)).size < smallest) continue;
      const bytes = await readFile(path);
      for (const [extension, encode] of encoders) {
        const encoded = await encode(bytes, path);
        // Never a copy larger than the original: the server then sends the original.
        if (encoded.length >= bytes.length) continue;
        await writeFile(`${path}.${extension}`, encoded);
        if (extension === 'br') totals.brotliBytes += encoded.length;
      }
      totals.files += 1;
      totals.bytes += bytes.length;
    }
  });
  await Promise.all(workers);
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = process.argv[2] ?? join(process.env.FOYER_OUT_DIR ?? 'dist', 'client');
  const started = performance.now();
  const { files, bytes, brotliBytes } = await compressTree(clientDir);
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `Compression: ${files} files, ${mb(bytes)} MB → ${mb(brotliBytes)} MB with Brotli, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
