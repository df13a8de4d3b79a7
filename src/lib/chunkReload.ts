/**
 * A page whose script chunks cannot load (usually: a new build replaced them) reloads once. A marker in
 * sessionStorage blocks another reload for 10 seconds, so a chunk that stays broken cannot loop the page.
 */
export const reloadGuardMs = 10_000;
export const reloadMarker = 'foyer:chunk-reload';

const chunkErrorPattern =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

export function isChunkError(error: unknown): boolean {
  return error instanceof Error && chunkErrorPattern.test(error.message);
}

/** Reloads unless a reload happened less than 10 s ago; says whether it reloaded. */
export function reloadAfterChunkError(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(reloadMarker) ?? 0);
  if (now - last < reloadGuardMs) return false;
  storage.setItem(reloadMarker, String(now));
  reload();
  return true;
}
