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
  if (target.origin !== origin) return inbox;
  // Dot segments can leave a path of `//evil.example/` (`/.//evil.example/`), which the browser reads as another host.
  if (target.pathname.startsWith('//') || target.pathname.startsWith('/\\')) return inbox;
  return target.pathname + target.search + target.hash;
}
