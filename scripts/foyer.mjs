/** `npm run foyer -- …`: the command-line tool (src/server/cli.ts). */
import { requireNode, requireTypeScript } from './node-version.mjs';

requireNode();
requireTypeScript();
const { main } = await import('../src/server/cli.ts');
process.exitCode = await main(process.argv.slice(2));
