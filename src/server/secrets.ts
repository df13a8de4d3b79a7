/**
 * The session secret and the keys derived from it. From SESSION_SECRET when set; in development it is made
 * once and kept in the data directory, so sessions and codes survive a restart.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { privateMode } from './db/dataDirectory.ts';

export interface Keys {
  /** Signs session tokens (HS256); imported once, since jose would import raw bytes on every call. */
  sessionTokens: CryptoKey;
  /** Keys the HMAC that one-time codes are stored as. */
  oneTimeCodes: Buffer;
  /** Signs the unsubscribe links of missed-message e-mails (mail/unsubscribe.ts). */
  unsubscribe: Buffer;
  /** Signs the links of "How was your conversation?" e-mails (mail/ratingLinks.ts). */
  ratings: Buffer;
  /** Signs the tokens that let a browser download a conversation's files (chat/files/access.ts). */
  fileAccess: CryptoKey;
}

/** Separate keys for separate uses, so one can never be mistaken for the other. */
export async function deriveKeys(secret: string): Promise<Keys> {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`foyer:${purpose}`).digest();
  return {
    sessionTokens: await sessionTokenKey(derive('session-tokens')),
    oneTimeCodes: derive('one-time-codes'),
    unsubscribe: derive('unsubscribe'),
    ratings: derive('ratings'),
    fileAccess: await sessionTokenKey(derive('file-access')),
  };
}

export function sessionTokenKey(bytes: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(bytes), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export async function loadSecret(config: Pick<Config, 'SESSION_SECRET' | 'FOYER_DATA_DIR' | 'NODE_ENV'>): Promise<string> {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('SESSION_SECRET is required in production.');
  const file = join(config.FOYER_DATA_DIR, 'session-secret');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === undefined) {
    await mkdir(config.FOYER_DATA_DIR, { recursive: true, mode: privateMode });
    // Written whole under another name, then linked into place: a process starting at the same moment sees the
    // complete secret or none, never half of it. If it won the race, its secret is used.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    try {
      await link(draft, file).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return;
        // A file system without hard links: create the file exclusively instead (the same race, a shorter window).
        if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(error.code ?? '')) throw error;
        await writeFile(file, await readFile(draft), { mode: 0o600, flag: 'wx' }).catch((again: NodeJS.ErrnoException) => {
          if (again.code !== 'EEXIST') throw again;
        });
      });
    } finally {
      await rm(draft, { force: true });
    }
  }
  const secret = (existing ?? (await readFile(file, 'utf8'))).trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret (fewer than 32 characters). Delete it to have a new one made, or set SESSION_SECRET.`);
  }
  return secret;
}
