/**
 * Builds the site when the sources changed since the last build (or it never ran), or always with --force
 * (`npm run build`). Also used through buildIfNeeded() by the start and test scripts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// tinyglobby rather than node:fs's globSync (Node 22+): these scripts must load on any Node to say which one they need.
import { globSync } from 'tinyglobby';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src', 'locales', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
// Settings baked into the static pages: a change needs a new build.
const buildSettings = ['SITE_URL', 'FOYER_CONTENT_DIR'];

function* files(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat];
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (!name.endsWith('.test.ts')) yield* files(join(path, name));
  }
}

/** The site address a build bakes into its pages (astro.config.mjs has the same default). */
const builtSiteUrl = () => process.env.SITE_URL ?? 'http://localhost:4321';

/** A fingerprint of everything a build depends on: paths, sizes, change times and build settings. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const [path, stat] of files(join(root, input))) hash.update(`${relative(root, path)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  for (const name of buildSettings) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/**
 * `npm run build`: the site (`astro build`); then, at the same time, its search index (a process of its own, so
 * the indexer's memory does not add to Astro's), the CSP hashes and the Brotli and gzip copies of every compressible
 * file. Compression starts with Astro: it follows the pages as they are written, on the core Astro leaves idle
 * (scripts/compress.mjs), and Pagefind's own scripts are compressed once the index is written.
 */
export async function buildSite(outDir, { log = console.log } = {}) {
  const { compressionSummary, treeCompressor } = await import('./compress.mjs');
  const { inlineHashes } = await import('./inline-hashes.mjs');
  const clientDir = join(outDir, 'client');
  const env = { ...process.env, FOYER_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' };
  const timings = [];
  const timed = async (name, work) => {
    const started = performance.now();
    const result = await work();
    timings.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const run = (name, script, args, nodeFlags = []) =>
    timed(
      name,
      () =>
        new Promise((done, fail) => {
          const child = spawn(process.execPath, [...nodeFlags, join(root, script), ...args], { cwd: root, stdio: 'inherit', env });
          child.on('error', fail);
          child.on('exit', (code) =>
            code === 0 ? done() : fail(new Error(`${name} failed (exit code ${code}). Fix the error above and run again.`)),
          );
        }),
    );
  // Astro empties the output folder as it starts; our copies of the last build's pages must not outlive it.
  rmSync(clientDir, { recursive: true, force: true });
  const compressor = treeCompressor(clientDir);
  const compressing = performance.now();
  compressor.follow({ ignore: ['pagefind/**'] });
  try {
    // --silent: errors only; the page-by-page list would bury the start-up output.
    // Rendering pages leaves garbage that V8, with this machine's memory, lets grow to several times what is alive
    // (a heap snapshot mid-build: 122 MB alive in a 500 MB heap). Growing the heap at most twofold after each full
    // collection keeps the build's peak under 1 GiB (bench corpus, same hour: 911–917 MiB and 30.6–30.9 s, against
    // 959–1,019 MiB and 30.0–30.3 s without, 977–1,133 MiB in other runs; 50 % gave 832–860 MiB but 32–33 s).
    // Unlike --max-old-space-size, it sets no ceiling a larger help centre could hit. It is a V8 flag, not Node's:
    // a Node whose V8 lacks it builds without.
    const heapFlag = ['--heap-growing-percent=100'];
    const flagKnown = spawnSync(process.execPath, [...heapFlag, '-e', ''], { stdio: 'ignore' }).status === 0;
    await run('astro build', 'node_modules/astro/bin/astro.mjs', ['build', '--silent'], flagKnown ? heapFlag : []);
  } catch (error) {
    await compressor.stop();
    throw error;
  }
  const whileAstro = compressor.done;
  const search = run('search index', 'scripts/search-index.mjs', [clientDir]);
  const rest = timed('compression after astro', () => compressor.finish({ ignore: ['pagefind/**'] }));
  // Both run while the hashes are taken; a failure of either is thrown below, once both are done.
  const both = Promise.all([rest, search]);
  both.catch(() => {});
  const hashes = await timed('CSP hashes', async () => inlineHashes(outDir));
  writeFileSync(join(outDir, 'inline-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  log(`Security: ${hashes.scripts.length} inline script and ${hashes.styles.length} inline style hashes for the CSP.`);
  const [pages] = await both;
  const pagefind = await compressor.finish({ under: 'pagefind' });
  log(
    compressionSummary(
      { files: pages.files + pagefind.files, bytes: pages.bytes + pagefind.bytes, brotliBytes: pages.brotliBytes + pagefind.brotliBytes },
      (performance.now() - compressing) / 1000,
    ),
  );
  const ownMiB = process.resourceUsage().maxRSS / 1024;
  log(`Build steps: ${timings.join(', ')} (${whileAstro} files compressed while Astro ran; this process's peak ${ownMiB.toFixed(0)} MiB).`);
}

export function buildIfNeeded({ outDir = resolve(root, process.env.FOYER_OUT_DIR ?? 'dist'), log = console.log, force = false } = {}) {
  const stampFile = join(outDir, '.foyer-build');
  const fingerprint = sourceFingerprint();
  const built = existsSync(join(outDir, 'server/entry.mjs')) && existsSync(stampFile);
  if (!force && built && readFileSync(stampFile, 'utf8') === fingerprint) {
    log('Foyer: the build in dist/ is up to date.');
    return;
  }
  log(built ? 'Foyer: sources changed, building…' : 'Foyer: building the site (first start)…');
  // The build's steps overlap (asynchronous), and callers of this function wait synchronously: a process of its own.
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--force'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FOYER_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('The build failed. Fix the error above and run again.');
}

/** The build itself, in this process: the steps, the fingerprint, the address and the page count. */
async function build({ outDir = resolve(root, process.env.FOYER_OUT_DIR ?? 'dist'), log = console.log } = {}) {
  const started = performance.now();
  // Taken first: a source changed while building makes the next start build again.
  const fingerprint = sourceFingerprint();
  await buildSite(outDir, { log });
  writeFileSync(join(outDir, '.foyer-build'), fingerprint);
  // The address baked into canonical URLs, hreflang and the sitemap: production refuses to serve a build made for another.
  writeFileSync(join(outDir, 'site-url'), builtSiteUrl());
  const pages = globSync('**/index.html', { cwd: join(outDir, 'client') }).length;
  log(`Foyer: built ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--force')) await build();
    else buildIfNeeded();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
