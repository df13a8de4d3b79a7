/** A message's text as text nodes, with web and e-mail addresses made into links that open apart from this page. */
import { useMemo } from 'react';
import { splitLinks } from '../../lib/chat/links.ts';

export default function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => splitLinks(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
