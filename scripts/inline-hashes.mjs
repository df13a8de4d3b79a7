/**
 * Lists the SHA-256 hashes of every inline <script> and <style> in the built pages, for the server's
 * Content-Security-Policy (no 'unsafe-inline'). JSON-LD blocks are data, not scripts, and need none.
 * Usage: node scripts/inline-hashes.mjs [out folder]   (writes {out}/inline-hashes.json)
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { globSync } from 'tinyglobby';

// Pages rendered on demand carry Astro's island script, in its development form when the server runs with
// NODE_ENV=development (astro/dist/runtime/server/scripts.js decides at run time); the built pages hold only the
// production form, so the development one is hashed from Astro itself.
const astroServer = fileURLToPath(new URL('../node_modules/astro/dist/runtime/server/', import.meta.url));
const { default: islandScriptDev } = await import(pathToFileURL(join(astroServer, 'astro-island.prebuilt-dev.js')).href);

const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

export function inlineHashes(outDir) {
  const scripts = new Set([sha256(islandScriptDev)]);
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
