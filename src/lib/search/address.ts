/** Keeps the search in the address (`?q=…&topic=…`), replacing the entry so Back leaves the search page. */

export interface SearchParams {
  query: string;
  topic: string;
}

export function readSearchParams(search: string): SearchParams {
  const params = new URLSearchParams(search);
  return { query: params.get('q') ?? '', topic: params.get('topic') ?? '' };
}

export function searchAddress(current: URL, { query, topic }: SearchParams): string {
  const url = new URL(current);
  for (const [name, value] of [
    ['q', query.trim()],
    ['topic', topic],
  ] as const) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Replaces the address at most once per `intervalMs`, keeping the newest: browsers limit replaceState (Safari
 * throws after 100 calls in 30 s), and typing calls for one per keystroke. A refusal costs the address, not the page.
 */
export function pacedAddress(intervalMs: number, replace: (address: string) => void): (address: string) => void {
  let pending: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (pending === undefined) return;
    const address = pending;
    pending = undefined;
    try {
      replace(address);
    } catch {
      // The browser's rate limit: the next change brings the address up to date.
    }
  };
  return (address) => {
    pending = address;
    timer ??= setTimeout(flush, intervalMs);
  };
}
