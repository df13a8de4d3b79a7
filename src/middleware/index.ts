/**
 * Astro's middleware: every page passes through it, when it is pre-rendered at build time and when it is rendered on
 * demand. A page with islands gets module preloads for their scripts (islandPreloads.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { resolve } from 'node:path';
import { withIslandPreloads } from './islandPreloads.ts';

// The built site's browser files: FOYER_OUT_DIR as the build and the server (src/server/config.ts) resolve it.
const clientDir = resolve(process.env['FOYER_OUT_DIR'] ?? './dist', 'client');

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  if (!html.includes('<astro-island')) return new Response(html, response);
  return new Response(withIslandPreloads(html, clientDir), response);
});
