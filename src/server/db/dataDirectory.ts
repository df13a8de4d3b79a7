/**
 * The data directory (PGlite's files, the session secret, the admin socket, the Auth emulator's accounts) is its
 * owner's alone: the folder, and the files in it (the server runs with umask 077, scripts/serving.mjs).
 */
import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
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

/**
 * Takes group and other permissions off every file and folder under `dir`. PGlite writes the files of a new database
 * from its bundled copy readable and writable by everyone (0666), whatever the umask; what PostgreSQL creates later
 * follows the umask.
 */
export async function makeFilesPrivate(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    // A file removed meanwhile (PostgreSQL recycles some) needs nothing; a link's own mode means nothing.
    const found = await lstat(path).catch(() => undefined);
    if (found && found.mode & 0o077 && !found.isSymbolicLink()) await chmod(path, found.mode & 0o700).catch(() => {});
  }
}
