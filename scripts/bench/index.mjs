/**
 * `npm run bench`: builds a generated 25-language corpus and prints build speed, memory and page weights
 * against Foyer's budgets. Figures, not pass/fail: see docs/performance.md, "Budgets".
 * Options: --categories N --articles M (default 8 × 10 × 25 languages = 2,000 articles).
 */
import { requireNode, requireTypeScript } from '../node-version.mjs';

// First, before anything that a too-old Node could not even load.
requireNode();
requireTypeScript();
await import('./run.mjs');
