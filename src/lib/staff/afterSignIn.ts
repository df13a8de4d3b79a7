/** The page a staff member goes to once signed in. */

/**
 * Where to go after sign-in: `next` when it is a page of this site, else the inbox. It is resolved the way the
 * browser will resolve it (which drops tabs and line breaks and reads `\` as `/`, so `/\t/evil.example` is another
 * host), must stay on this origin, and only its path, query and hash are kept.
 */
export function afterSignIn(next: string | null, lang: string, origin: string = location.origin): string {
  const inbox = `/${lang}/chat`;
  if (!next?.startsWith('/')) return inbox;
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return inbox;
  }
  return target.origin === origin ? target.pathname + target.search + target.hash : inbox;
}
