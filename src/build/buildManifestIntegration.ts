/** Writes the build manifests (lib/buildManifest.ts) when a build is done. */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { manifestPath, routeRules, type BuildMeta } from '../lib/buildManifest.ts';

export function buildManifest(id: string): AstroIntegration {
  let redirects: Record<string, string | { destination: string }> = {};
  return {
    name: 'foyer-build-manifest',
    hooks: {
      'astro:config:done': ({ config }) => {
        redirects = config.redirects as typeof redirects;
      },
      'astro:build:done': async ({ dir }) => {
        const timestamp = Date.now();
        const folder = new URL(`.${manifestPath}/`, dir);
        await mkdir(new URL('meta/', folder), { recursive: true });
        const meta: BuildMeta = { id, timestamp, matcher: { redirects: routeRules(redirects) } };
        await writeFile(new URL(`meta/${encodeURIComponent(id)}.json`, folder), JSON.stringify(meta));
        await writeFile(new URL('latest.json', folder), JSON.stringify({ id, timestamp }));
      },
    },
  };
}
