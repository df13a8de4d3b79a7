/** `npm start`: builds if needed, then starts Foyer (site, API, database) on http://localhost:4321. */
import { buildIfNeeded } from './build.mjs';
import { requireNode, requireTypeScript } from './node-version.mjs';

requireNode();
requireTypeScript();
try {
  buildIfNeeded();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const { serve } = await import('./serving.mjs');
await serve();
