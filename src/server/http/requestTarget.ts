/**
 * The request target as the site and the API may see it: an origin-form path (and query), or null when the
 * target cannot name anything here (authority form `host:port`, asterisk form `*`, or no parsable URL at all).
 */

export interface RequestTarget {
  /** The path, percent-encoding as sent, with a single leading slash. */
  pathname: string;
  /** The path and query to hand on as `req.url`. */
  url: string;
  searchParams: URLSearchParams;
}

export function requestTarget(raw: string | undefined): RequestTarget | null {
  if (!raw) return null;
  let url: URL;
  try {
    // Absolute form (`GET http://host/path`, which proxies send) keeps only its path: the host is ours, whatever it says.
    // Origin form is read under a fixed base, so `//x:99999/` is a path, never a host with a bad port.
    url = raw.startsWith('/') ? new URL(`http://x${raw}`) : new URL(raw);
  } catch {
    return null;
  }
  if (!raw.startsWith('/') && url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // `//evil.example/` would become a protocol-relative address wherever a path is echoed into a Location header
  // (the static handler's trailing-slash redirect does that): one leading slash only.
  const pathname = url.pathname.replace(/^\/{2,}/, '/');
  return { pathname, url: pathname + url.search, searchParams: url.searchParams };
}
