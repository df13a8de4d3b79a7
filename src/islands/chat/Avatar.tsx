/** A sender's picture, or their initials when there is none (or it fails to load); decorative beside their name. */
import { useState } from 'react';
import { initials } from '../../lib/initials.ts';

export { initials };

export default function Avatar({ name, url }: { name: string; url: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) return <img className="chat-avatar" src={url} alt="" width={32} height={32} onError={() => setBroken(true)} />;
  return (
    <span className="chat-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
