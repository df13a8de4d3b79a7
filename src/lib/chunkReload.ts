/**
 * A page whose script chunks cannot load (usually: a new build replaced them) reloads once. A marker in
 * sessionStorage blocks another reload for 10 seconds, so a chunk that stays broken cannot loop the page.
 */
export const reloadGuardMs = 10_000;
export const reloadMarker = 'foyer:chunk-reload';

const chunkErrorPattern =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

/**
 * Only the build's own chunks (under /_astro/) go stale with a new build; a reload cannot bring back anything else
 * (the search bundle, which the page reports as unavailable). Safari's message names no address, so it counts.
 */
export function isChunkError(error: unknown): boolean {
  if (!(error instanceof Error) || !chunkErrorPattern.test(error.message)) return false;
  const address = /\bhttps?:\/\/\S+|(?:^|\s)(\/\S+)/.exec(error.message)?.[0];
  return address === undefined || address.includes('/_astro/');
}

/** Reloads unless a reload happened less than 10 s ago; says whether it reloaded. */
export function reloadAfterChunkError(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(reloadMarker) ?? 0);
  if (now - last < reloadGuardMs) return false;
  storage.setItem(reloadMarker, String(now));
  reload();
  return true;
}
