/** A built site's article index (what `npm run build` writes as client/articles.json), so votes can be checked against it. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An output folder whose index holds two English articles and one Arabic one; returns its path (FOYER_OUT_DIR). */
export function builtSite(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'foyer-site-'));
  mkdirSync(join(outDir, 'client'));
  writeFileSync(
    join(outDir, 'client/articles.json'),
    JSON.stringify({
      en: { 'basics/first-steps': 'First steps', 'basics/billing': 'Billing' },
      ar: { 'basics/first-steps': 'الخطوات الأولى' },
    }),
  );
  return outDir;
}
