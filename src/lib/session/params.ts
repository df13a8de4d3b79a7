/**
 * Contact-session parameters: on load every `cs_` parameter is taken out of the address (history replace,
 * no reload; other parameters and the hash stay), so codes never linger in history, bookmarks or screenshots.
 */
import { contactSessionPrefix } from '../api/constants.ts';

export function takeContactSessionParams(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'>,
): Record<string, string> {
  const url = new URL(location.href);
  const taken: Record<string, string> = {};
  for (const [name, value] of [...url.searchParams]) {
    if (!name.startsWith(contactSessionPrefix)) continue;
    taken[name.slice(contactSessionPrefix.length)] = value;
    url.searchParams.delete(name);
  }
  if (Object.keys(taken).length) history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return taken;
}
