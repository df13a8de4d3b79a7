/**
 * The data directory (PGlite's files, the session secret, the admin socket, the Auth emulator's accounts) is its
 * owner's alone: PGlite writes most files readable by everyone, so the folder around them must not be.
 */
import { chmod, mkdir, stat } from 'node:fs/promises';
import type { Log } from '../log.ts';

export const privateMode = 0o700;

/** Creates the directory 0700, or narrows an existing one that others could enter (saying so). */
export async function ensurePrivateDirectory(dir: string, log: Pick<Log, 'warn'>): Promise<void> {
  await mkdir(dir, { recursive: true, mode: privateMode });
  const { mode } = await stat(dir);
  if ((mode & 0o077) === 0) return;
  await chmod(dir, privateMode);
  log.warn(`Data directory: ${dir} could be read by other users (mode ${(mode & 0o777).toString(8)}); it is now 700, its owner's alone.`);
}
