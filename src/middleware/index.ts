/**
 * Astro's middleware: every page passes through it, when it is pre-rendered at build time and when it is rendered on
 * demand. A page with islands gets module preloads for their scripts, and Astro's island style in its head
 * (islandPreloads.ts). A page rendered on demand says its charset (Astro's answer names none) and that it is not to be
 * reused without asking: it carries the settings of the moment (bot check, developer mode) and answers for one address.
 */
import { defineMiddleware } from 'astro:middleware';
import { resolve } from 'node:path';
import { withIslandPreloads } from './islandPreloads.ts';

// The built site's browser files: FOYER_OUT_DIR as the build and the server (src/server/config.ts) resolve it.
const clientDir = resolve(process.env['FOYER_OUT_DIR'] ?? './dist', 'client');

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const page = new Response(html.includes('<astro-island') ? withIslandPreloads(html, clientDir) : html, response);
  if (!context.isPrerendered) {
    page.headers.set('Content-Type', 'text/html; charset=utf-8');
    page.headers.set('Cache-Control', 'no-cache');
  }
  return page;
});
