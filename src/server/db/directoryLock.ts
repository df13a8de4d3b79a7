/**
 * One process at a time per PGlite directory: a lock file holding the owner's pid, taken before PGlite opens the
 * directory and removed when it closes. Two processes writing one directory would corrupt it.
 */
import { open, readFile, rm } from 'node:fs/promises';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
  const lockFile = `${dataDir}.lock`;
  let emptySeen = false;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    // A lock being written right now reads empty: give its writer a moment. Still empty after that, its writer died
    // between creating and writing it: stale, like one whose process is gone.
    if (!pid && !emptySeen) {
      emptySeen = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } else if (pid && running(pid)) throw new DirectoryLockedError(dataDir, pid);
    else {
      emptySeen = false;
      await rm(lockFile, { force: true });
    }
  }
}
