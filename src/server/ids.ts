/** Public ids: a kind prefix and 20 random base-32 characters (100 bits), so the format itself can be checked. */
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

function random(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte & 31];
  return out;
}

export const idPatterns = {
  contact: /^ct_[0-9a-hjkmnp-tv-z]{20}$/,
  chatBox: /^cb_[0-9a-hjkmnp-tv-z]{20}$/,
};

export const newContactId = () => `ct_${random(20)}`;
export const newChatBoxId = () => `cb_${random(20)}`;
