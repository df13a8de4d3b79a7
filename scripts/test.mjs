/** `npm test`: types, unit tests, a build of the site, then the browser tests against the built server. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build.mjs';
import { requireNode } from './node-version.mjs';

requireNode();
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/${name}`, import.meta.url));

function run(title, script, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(process.execPath, [bin(script), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

run('Type check (astro check)', 'astro/bin/astro.mjs', ['check', '--minimumSeverity', 'warning']);
run('Unit tests (Vitest)', 'vitest/vitest.mjs', ['run']);
console.log('\n▶ Build');
buildIfNeeded();
run('Browser tests (Playwright, Chromium)', '@playwright/test/cli.js', ['test', ...process.argv.slice(2)]);
console.log('\n✓ All tests passed.');
