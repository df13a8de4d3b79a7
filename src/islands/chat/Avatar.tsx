/** A sender's picture, or their initials when there is none (or it fails to load); decorative beside their name. */
import { useState } from 'react';

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toLocaleUpperCase()).join('') || '?';
}

export default function Avatar({ name, url }: { name: string; url: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) return <img className="chat-avatar" src={url} alt="" width={32} height={32} onError={() => setBroken(true)} />;
  return (
    <span className="chat-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
