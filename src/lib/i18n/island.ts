/** Hands an island only the strings it uses: the page renders them into the island's props, no extra request. */
import type { Lang } from './languages.ts';
import type { Messages } from './schema.ts';
import { messagesFor } from './index.ts';

export function islandMessages(lang: Lang, prefixes: string[]): Messages {
  return Object.fromEntries(Object.entries(messagesFor(lang)).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));
}
