/**
 * Lists the SHA-256 hashes of every inline <script> and <style> in the built pages, for the server's
 * Content-Security-Policy (no 'unsafe-inline'). JSON-LD blocks are data, not scripts, and need none.
 * Usage: node scripts/inline-hashes.mjs [out folder]   (writes {out}/inline-hashes.json)
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';

const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

export function inlineHashes(outDir) {
  const scripts = new Set();
  const styles = new Set();
  // Pages rendered on demand (/, the 404 screen) use the same shell, so the static pages cover their inline code.
  for (const file of globSync('**/*.html', { cwd: join(outDir, 'client') })) {
    const text = readFileSync(join(outDir, 'client', file), 'utf8');
    for (const [, attributes, body] of text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (!/type="application\/ld\+json"/.test(attributes)) scripts.add(sha256(body));
    }
    for (const [, body] of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) styles.add(sha256(body));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? process.env.FOYER_OUT_DIR ?? 'dist';
  const hashes = inlineHashes(outDir);
  writeFileSync(join(outDir, 'inline-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  console.log(`Security: ${hashes.scripts.length} inline script and ${hashes.styles.length} inline style hashes for the CSP.`);
}
