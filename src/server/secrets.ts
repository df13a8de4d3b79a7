/**
 * The session secret and the keys derived from it. From SESSION_SECRET when set; in development it is made
 * once and kept in the data directory, so sessions and codes survive a restart.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';

export interface Keys {
  /** Signs session tokens (HS256); imported once, since jose would import raw bytes on every call. */
  sessionTokens: CryptoKey;
  /** Keys the HMAC that one-time codes are stored as. */
  oneTimeCodes: Buffer;
}

/** Separate keys for separate uses, so one can never be mistaken for the other. */
export async function deriveKeys(secret: string): Promise<Keys> {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`foyer:${purpose}`).digest();
  return { sessionTokens: await sessionTokenKey(derive('session-tokens')), oneTimeCodes: derive('one-time-codes') };
}

export function sessionTokenKey(bytes: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(bytes), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export async function loadSecret(config: Pick<Config, 'SESSION_SECRET' | 'FOYER_DATA_DIR' | 'NODE_ENV'>): Promise<string> {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('SESSION_SECRET is required in production.');
  const file = join(config.FOYER_DATA_DIR, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.FOYER_DATA_DIR, { recursive: true });
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).catch(
      (error: NodeJS.ErrnoException) => {
        // Another process made it at the same moment: use theirs.
        if (error.code !== 'EEXIST') throw error;
      },
    );
    return (await readFile(file, 'utf8')).trim();
  }
}
