/**
 * robots.txt: everything may be crawled but the API. The sign-in and chat screens carry `noindex` instead: a crawler
 * must be allowed to fetch them to see it.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/paths.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`, ''].join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
