/** New public ids in the format src/lib/api/ids.ts checks: a kind prefix and 20 random base-32 characters. */
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

function random(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte & 31];
  return out;
}

export const newContactId = () => `ct_${random(20)}`;
export const newChatBoxId = () => `cb_${random(20)}`;
export const newFileId = () => `fl_${random(20)}`;
export const newChatStartId = () => `st_${random(20)}`;
