// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { randomBytes } from 'node:crypto';
import { buildManifest } from './src/build/buildManifestIntegration.ts';
import { themesCssPlugin } from './src/build/themesVitePlugin.ts';

// The public address of the site: canonical URLs, hreflang, sitemap and Open Graph use it.
const site = process.env.SITE_URL ?? 'http://localhost:4321';

// Route rules: redirects answered by the server, and applied on client-side navigation too (builds/meta).
/** @type {Record<string, string>} */
const redirects = {};

// Every page names the build it belongs to, so an open page can tell when a newer one is deployed.
const buildId = process.env.FOYER_BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

export default defineConfig({
  site,
  trailingSlash: 'never',
  outDir: process.env.FOYER_OUT_DIR ?? './dist',
  // The benchmark builds its corpus with a cache of its own, so it measures a cold build and leaves ours alone.
  cacheDir: process.env.FOYER_CACHE_DIR ?? './node_modules/.astro',
  output: 'static',
  // Pages take no uploads: the server refuses a declared body over 16 KB (src/server/http/requestHandler.ts), and this
  // caps one sent without a length.
  adapter: node({ mode: 'standalone', bodySizeLimit: 16 * 1024 }),
  integrations: [react(), buildManifest(buildId)],
  redirects,
  build: {
    format: 'directory',
    // Writing thousands of pages waits on the disk; rendering four at a time overlaps that (bench: 8.1 s vs 12 s).
    concurrency: 4,
    // Stylesheets stay files: an inline <style> on a page rendered on demand would miss the CSP's hashes, which
    // scripts/inline-hashes.mjs takes from the pre-rendered pages.
    inlineStylesheets: 'never',
  },
  // Links are prefetched by our own script (src/client/prefetch.ts): at most four at a time, no extra request.
  prefetch: false,
  markdown: {
    // Shiki writes inline styles on every token: heavy pages and no strict CSP.
    syntaxHighlight: false,
  },
  server: { port: 4321 },
  devToolbar: { enabled: false },
  vite: {
    define: {
      'import.meta.env.FOYER_BUILD_ID': JSON.stringify(buildId),
      // Pages fetch the route rules before navigating only when there are some.
      'import.meta.env.FOYER_ROUTE_RULES': JSON.stringify(Object.keys(redirects).length > 0),
    },
    plugins: [themesCssPlugin()],
    build: {
      // Small component scripts stay files too: one inlined into a page rendered on demand (the chat box's frame
      // script) would miss the CSP's hashes, which scripts/inline-hashes.mjs takes from the pre-rendered pages.
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Stylesheets: `site` (the themes, base.css and every component's <style>) is the one a help-centre page
              // loads, whichever components it uses; each area outside the help centre (src/styles/areas/{area}.css)
              // adds one of its own on its pages.
              { name: (id) => /\/src\/styles\/areas\/(\w+)\.css$/.exec(id)?.[1] ?? 'site', test: /\.css$/ },
              // The search (Pagefind's side of lib/search) is one file, whether the search page or the chat widget loads
              // it, not one per module the two share. Vite's preload helper, which it needs, stays a file of its own:
              // taken into the search's file, every island would load the search with it.
              { name: 'preload-helper', test: /vite\/preload-helper/, priority: 1 },
              { name: 'search', test: /\/src\/lib\/search\/(pagefind|excerpt|didYouMean|ranking|relevance|vocabulary|latest)\.ts$/ },
              // The renderer (React and React DOM, with nanostores' hook) is a file of its own, shared by every island.
              { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler|@nanostores\/react)\// },
              {
                name: 'shell',
                test: (id) =>
                  /Router\.astro\?astro&type=script|\/src\/client\/(?!staff\/)|\/src\/stores\/(theme|siteLoading)|\/src\/lib\/(frameC|c)ookies\.ts|\/node_modules\/(nanostores|js-cookie)\//.test(
                    id,
                  ),
              },
            ],
          },
        },
      },
    },
  },
});
