/**
 * Route rules on client-side navigation: a matching redirect sends the reader to its destination, an
 * absolute one by a full page load. The rules come from this build's meta manifest, fetched once and only when
 * the configuration has any. A manifest that fails to load or a rule that throws only logs to the console.
 */
import { matchRouteRule, metaUrl, type BuildMeta } from '../lib/buildManifest.ts';
import { callHeaders } from '../lib/http/headers.ts';
import { currentBuild } from './newBuild.ts';

let rules: Promise<BuildMeta['matcher']['redirects']> | undefined;

export async function routeFor(href: string): Promise<{ href: string; leave: boolean }> {
  if (!import.meta.env.FOYER_ROUTE_RULES) return { href, leave: false };
  try {
    // fetch, not the HTTP client: like newBuild.ts, part of every static page's small script.
    rules ??= fetch(metaUrl(currentBuild), { headers: callHeaders() }).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as BuildMeta).matcher.redirects;
    });
    const url = new URL(href, location.href);
    const match = matchRouteRule(await rules, url.pathname);
    if (!match) return { href, leave: false };
    return { href: new URL(match.destination, location.href).href, leave: match.leave };
  } catch (error) {
    rules = undefined;
    console.warn('Foyer: route rules could not be applied:', error);
    return { href, leave: false };
  }
}
