/**
 * One process at a time per PGlite directory: a lock file naming the owner (pid and start time), taken before PGlite
 * opens the directory and removed when it closes. Two processes writing one directory would corrupt it.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { identify, isRunning, parseIdentity } from './processIdentity.ts';

/** Lock files this process holds: one naming our pid that is not among them was left by an earlier process. */
const held = new Set<string>();

export class DirectoryLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The database in ${dataDir} is in use by another process (pid ${pid}). Stop that Foyer first, or give this ` +
        `one another FOYER_DATA_DIR; if that process is not Foyer, delete ${dataDir}.lock. While \`npm start\` ` +
        'runs, `npm run foyer -- …` reaches the running server instead.',
    );
    this.name = 'DirectoryLockedError';
  }
}

/** Takes the lock (replacing one left by a process that is gone); resolves with the function that releases it. */
export async function lockDirectory(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = resolve(`${dataDir}.lock`);
  let emptySeen = false;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(identify()));
      await handle.close();
      held.add(lockFile);
      return async () => {
        held.delete(lockFile);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = parseIdentity(await readFile(lockFile, 'utf8').catch(() => ''));
    // A lock being written right now reads empty: give its writer a moment. Still empty after that, its writer died
    // between creating and writing it: stale, like one whose process is gone. Our own pid in a lock we do not hold
    // means an earlier process with this pid died holding it (after a SIGKILL, a container often reuses the pid).
    if (!owner && !emptySeen) {
      emptySeen = true;
      await new Promise((done) => setTimeout(done, 200));
    } else if (owner && (owner.pid === process.pid ? held.has(lockFile) : isRunning(owner))) {
      throw new DirectoryLockedError(dataDir, owner.pid);
    } else {
      emptySeen = false;
      await rm(lockFile, { force: true });
    }
  }
}
