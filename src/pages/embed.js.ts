/**
 * /embed.js, the launcher an organisation puts on its own site (src/embed/launcher.ts), bundled at build time with
 * esbuild into one small script with every language's name for the launcher in it, so it needs no further request until it is
 * opened. Its address is stable; the server sends it fresh for a day, then served while revalidated (http/precompressed.ts).
 */
import { resolve } from 'node:path';
import type { APIRoute } from 'astro';
import { build } from 'esbuild';
import { useTranslations } from '../lib/i18n/index.ts';
import { languages } from '../lib/i18n/languages.ts';

export const GET: APIRoute = async () => {
  const words = Object.fromEntries(languages.map((lang) => [lang, useTranslations(lang)('embed.open')]));
  const bundled = await build({
    // The build runs from the project's folder.
    entryPoints: [resolve('src/embed/launcher.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    define: { FOYER_WORDS: JSON.stringify(words), FOYER_DEFAULT_LANG: JSON.stringify('en') },
  });
  return new Response(bundled.outputFiles[0]!.text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
