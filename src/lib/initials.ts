/** A person's initials, for a picture's place when there is none: the first letters of their first and last word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toLocaleUpperCase()).join('') || '?';
}
