/** `npm run serve`: starts Foyer on the site already built (`npm run build`), without checking the sources. */
import { requireNode, requireTypeScript } from './node-version.mjs';

requireNode();
requireTypeScript();
const { serve } = await import('./serving.mjs');
await serve();
