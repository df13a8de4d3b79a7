/**
 * Builds the site when the sources changed since the last build (or it never ran), or always with --force
 * (`npm run build`). Also used through buildIfNeeded() by the start and test scripts.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
 * `npm run build`: the site, then its search index (a process of its own, so their memory does not add up), then the
 * CSP hashes, then Brotli and gzip copies of every compressible file.
 */
export function buildSteps(outDir) {
  return [
    // --silent: errors only; the page-by-page list would bury the start-up output.
    ['astro build', 'node_modules/astro/bin/astro.mjs', ['build', '--silent']],
    ['search indexing', 'scripts/search-index.mjs', [join(outDir, 'client')]],
    ['inline hashes for the CSP', 'scripts/inline-hashes.mjs', [outDir]],
    // Last: it compresses what the steps before wrote (pages, Pagefind's scripts).
    ['compression', 'scripts/compress.mjs', [join(outDir, 'client')]],
  ];
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
  const started = performance.now();
  for (const [name, script, args] of buildSteps(outDir)) {
    const result = spawnSync(process.execPath, [join(root, script), ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) throw new Error(`${name} failed (exit code ${result.status}). Fix the error above and run again.`);
  }
  writeFileSync(stampFile, fingerprint);
  // The address baked into canonical URLs, hreflang and the sitemap: production refuses to serve a build made for another.
  writeFileSync(join(outDir, 'site-url'), builtSiteUrl());
  const pages = globSync('**/index.html', { cwd: join(outDir, 'client') }).length;
  log(`Foyer: built ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildIfNeeded({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
