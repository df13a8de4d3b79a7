/**
 * The headers every call of the browser carries (seed: an internal-call header and the page's language). Apart
 * from the HTTP client so the pages' own small script can send them without loading the client.
 */
export const internalHeader = 'x-foyer-internal';

function pageLanguage(): string {
  return typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
}

export function callHeaders(): Record<string, string> {
  return { [internalHeader]: '1', 'Accept-Language': pageLanguage() };
}
