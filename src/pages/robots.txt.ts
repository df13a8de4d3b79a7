/** robots.txt: everything public may be crawled except the API and the signed-in and chat screens. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/paths.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`, ''].join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
