/**
 * Build manifests: each build writes builds/latest.json ({ id, timestamp }) and builds/meta/{id}.json
 * ({ id, timestamp, matcher }) under the assets path. The matcher holds the route rules: redirects from the
 * configuration, applied on client-side navigation.
 */

export const manifestPath = '/_astro/builds';
/** How often an open page asks whether a newer build is deployed (it also asks when its tab becomes visible). */
export const pollIntervalMs = 10 * 60 * 1000;

export interface RouteRule {
  source: string;
  destination: string;
}

export interface BuildMeta {
  id: string;
  timestamp: number;
  matcher: { redirects: RouteRule[] };
}

export const latestUrl = (now: number) => `${manifestPath}/latest.json?${now}`;
export const metaUrl = (id: string) => `${manifestPath}/meta/${encodeURIComponent(id)}.json`;

/** Astro's redirects config ({ '/old': '/new' } or { '/old': { destination } }) as route rules. */
export function routeRules(redirects: Record<string, string | { destination: string }>): RouteRule[] {
  return Object.entries(redirects).map(([source, target]) => ({
    source,
    destination: typeof target === 'string' ? target : target.destination,
  }));
}

function pattern(source: string): RegExp {
  const escaped = source
    .split('/')
    .map((part) => {
      const rest = part.match(/^\[\.\.\.(\w+)\]$/);
      if (rest) return `(?<${rest[1]}>.*)`;
      const param = part.match(/^\[(\w+)\]$/);
      return param ? `(?<${param[1]}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/**
 * Where a path should go instead, if a rule matches: `[param]` and `[...rest]` carry over. `leave` is true
 * for an absolute destination, which is left by a full page load.
 */
export function matchRouteRule(rules: RouteRule[], pathname: string): { destination: string; leave: boolean } | undefined {
  for (const rule of rules) {
    const match = pathname.match(pattern(rule.source));
    if (!match) continue;
    const destination = rule.destination.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => match.groups?.[name] ?? '');
    return { destination, leave: /^[a-z][a-z0-9+.-]*:/i.test(destination) };
  }
  return undefined;
}
