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
