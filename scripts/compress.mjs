/**
 * Brotli (quality 10 for pages, 11 for the rest) and gzip (level 9) copies beside every compressible static file,
 * for the server to send by Accept-Encoding (src/server/http/precompressed.ts). Pagefind's index files are
 * compressed already and are left alone. zlib's asynchronous calls run on libuv's thread pool, so several files are
 * compressed at once on all cores.
 *
 * The build (scripts/build.mjs) starts a compressor before `astro build` and lets it follow the pages as Astro writes
 * them, on the core Astro leaves idle; once Astro is done, a last pass compresses what is left and redoes any file
 * whose bytes changed after it was compressed (each copy is kept with a digest of the bytes it was made from).
 * Usage: node scripts/compress.mjs <client dir>   (everything at once, as a step of its own)
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { globSync } from 'tinyglobby';

const compressible = ['html', 'css', 'js', 'mjs', 'json', 'svg', 'xml', 'txt', 'webmanifest'];
const compressibleGlob = `**/*.{${compressible.join(',')}}`;
/** Below this, compression saves less than the header it costs. */
const smallest = 512;

/**
 * Brotli quality 11 for the files every page shares (CSS, scripts, the few others); pages themselves at 10: per
 * article page 8.5 ms of CPU against 11's 22 ms, for 2.4 % more bytes (about 100 B). With 2,250 pages, 11 made the
 * bench's build 43.5 s instead of about 30 (docs/performance.md, "Compression"). FOYER_BROTLI_PAGE_QUALITY sets another quality
 * for pages; 8 or lower is about 15 times faster than 10 (0.6 ms a page) for 7.5 % more bytes. 9 is as slow as 10 with
 * Brotli's default window.
 */
const pageQuality = Number(process.env.FOYER_BROTLI_PAGE_QUALITY ?? 10);
if (!Number.isInteger(pageQuality) || pageQuality < 0 || pageQuality > 11) {
  throw new Error(`FOYER_BROTLI_PAGE_QUALITY must be a whole number from 0 to 11, not ${process.env.FOYER_BROTLI_PAGE_QUALITY}.`);
}
const brotliQuality = (path) => (path.endsWith('.html') ? pageQuality : 11);

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

const digest = (bytes) => createHash('sha1').update(bytes).digest('base64');
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * A compressor for one client folder. `follow()` compresses files as they appear (those not written to for a
 * moment) until `finish()` is called; `finish()` then brings every copy up to date and resolves with the totals.
 */
export function treeCompressor(clientDir, { parallel = availableParallelism() * 2 } = {}) {
  /** Relative path → digest of the bytes its copies were made from, and their sizes. */
  const made = new Map();
  let following;
  let stopFollowing = false;

  async function compressFile(file) {
    const path = join(clientDir, file);
    const bytes = await readFile(path);
    const sum = digest(bytes);
    if (made.get(file)?.digest === sum) return;
    const entry = { digest: sum, bytes: bytes.length, brotliBytes: 0 };
    if (bytes.length < smallest) {
      await Promise.all(encoders.map(([extension]) => rm(`${path}.${extension}`, { force: true })));
    } else {
      for (const [extension, encode] of encoders) {
        const encoded = await encode(bytes, path);
        // Never a copy larger than the original: the server then sends the original.
        if (encoded.length >= bytes.length) await rm(`${path}.${extension}`, { force: true });
        else await writeFile(`${path}.${extension}`, encoded);
        if (extension === 'br') entry.brotliBytes = encoded.length < bytes.length ? encoded.length : 0;
      }
    }
    made.set(file, entry);
  }

  /**
   * Runs `files` through compressFile, `width` at a time (a few more than the cores: each file also waits on the disk),
   * the largest first, so that the sitemap (megabytes, over a second at quality 11) is not the last one left.
   */
  async function run(files, width, { tolerant = false } = {}) {
    const sizes = new Map(files.map((file) => [file, statSync(join(clientDir, file), { throwIfNoEntry: false })?.size ?? 0]));
    const queue = [...files].sort((a, b) => sizes.get(a) - sizes.get(b));
    await Promise.all(
      Array.from({ length: width }, async () => {
        for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
          // Once finish() is called, what a batch still holds is its to compress.
          if (tolerant && stopFollowing) return;
          try {
            await compressFile(file);
          } catch (error) {
            // While following, a file may vanish or change under us: the last pass sees it again.
            if (!tolerant) throw error;
          }
        }
      }),
    );
  }

  return {
    /** How many files have copies so far. */
    get done() {
      return made.size;
    },
    /** Compresses files as they are written, one at a time (the other core is Astro's), until finish(). */
    follow({ ignore = [], settleMs = 300, pollMs = 250 } = {}) {
      following = (async () => {
        while (!stopFollowing) {
          const now = Date.now();
          const ready = [];
          for (const file of globSync(compressibleGlob, { cwd: clientDir, ignore })) {
            if (made.has(file)) continue;
            try {
              if (now - (await stat(join(clientDir, file))).mtimeMs >= settleMs) ready.push(file);
            } catch {}
          }
          // A batch at a time, so that finish() never waits long for the one under way.
          await run(ready.slice(0, 64), 1, { tolerant: true });
          if (ready.length <= 64) await sleep(pollMs);
        }
      })();
    },
    /** Stops following (a failed build). */
    async stop() {
      stopFollowing = true;
      await following;
    },
    /**
     * Stops following, then compresses every compressible file (in the folder `under`, or all but those matching
     * `ignore`) that has no up-to-date copies, `parallel` at a time. Resolves with the files and bytes before and after
     * (Brotli), for the build's log.
     */
    async finish({ ignore = [], under } = {}) {
      stopFollowing = true;
      await following;
      const scope = (pattern) =>
        under
          ? globSync(pattern, { cwd: join(clientDir, under) }).map((file) => `${under}/${file}`)
          : globSync(pattern, { cwd: clientDir, ignore });
      const files = scope(compressibleGlob);
      // Copies whose original is gone would outlive it.
      const present = new Set(files);
      await Promise.all(
        scope('**/*.{br,gz}')
          .filter((copy) => !present.has(copy.slice(0, -3)))
          .map((copy) => rm(join(clientDir, copy), { force: true })),
      );
      await run(files, parallel);
      const totals = { files: 0, bytes: 0, brotliBytes: 0 };
      for (const file of files) {
        const entry = made.get(file);
        if (!entry || entry.bytes < smallest) continue;
        totals.files += 1;
        totals.bytes += entry.bytes;
        totals.brotliBytes += entry.brotliBytes;
      }
      return totals;
    },
  };
}

/** Writes every copy at once; resolves with the files and bytes before and after (Brotli). */
export const compressTree = (clientDir) => treeCompressor(clientDir).finish();

export const compressionSummary = ({ files, bytes, brotliBytes }, seconds) => {
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  return `Compression: ${files} files, ${mb(bytes)} MB → ${mb(brotliBytes)} MB with Brotli, in ${seconds.toFixed(1)} s.`;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = process.argv[2] ?? join(process.env.FOYER_OUT_DIR ?? 'dist', 'client');
  const started = performance.now();
  console.log(compressionSummary(await compressTree(clientDir), (performance.now() - started) / 1000));
}
