/**
 * Stops early, in one sentence, when Node is older than Astro 7 needs; runs TypeScript on older 22.x. Imports
 * nothing a Node 20 lacks, so it can speak before anything else fails to load.
 */
import { spawnSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);

export function requireNode() {
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.error(
    `Foyer needs Node.js 22.12 or newer and this is ${process.version}: run it through npm (npm start, npm test, npm run …), ` +
      'which uses the Node 24 that npm install put in node_modules/.bin, or install a current Node.js.',
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
