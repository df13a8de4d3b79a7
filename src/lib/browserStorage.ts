/**
 * The page's localStorage, or undefined where there is none (the server) or the browser refuses it: reading the
 * property throws in a third-party frame when third-party cookies are blocked (the widget on another site), and in
 * some private modes. Callers then keep what they would store in memory.
 */
export function browserStorage(): Storage | undefined {
  // On the server the name is not defined at all (a ReferenceError): the same answer.
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}
