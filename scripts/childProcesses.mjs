/**
 * Helper processes of `npm start` (the Auth emulator, later a mail catcher) that must not outlive Foyer. Each is a
 * Node process that stops itself once its parent is gone (dieWithParent.mjs), and may have a pid file naming it and
 * its parent by pid and start time: the next start stops a helper that a crashed Foyer left running, and never a
 * process that was given the same pid since.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { identify, isRunning, processIdentitySchema } from '../src/server/db/processIdentity.ts';

const dieWithParent = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'dieWithParent.mjs')).href;
const pidFileSchema = z.object({ helper: processIdentitySchema, parent: processIdentitySchema });

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

async function stopped(identity, ms) {
  for (const until = Date.now() + ms; Date.now() < until; await pause(100)) if (!isRunning(identity)) return true;
  return !isRunning(identity);
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}

/**
 * Stops the helper a pid file names when the process that started it is gone (SIGTERM, SIGKILL after 5 s), and
 * removes the file. Refuses while that process still runs: it is another Foyer on the same data directory.
 */
export async function reapLeftover(pidFile, { name, log = () => {} }) {
  let record;
  try {
    record = pidFileSchema.parse(JSON.parse(readFileSync(pidFile, 'utf8')));
  } catch {
    // Missing, or unreadable: nothing we could identify, so nothing to stop.
    return rmSync(pidFile, { force: true });
  }
  const { helper, parent } = record;
  // Without a start time the pid may be someone else's by now: never signal it.
  if (helper.startTime && isRunning(helper)) {
    if (isRunning(parent)) {
      throw new Error(
        `The ${name} of another Foyer (pid ${parent.pid}) is running (pid ${helper.pid}, see ${pidFile}). ` +
          'Stop that Foyer first, or give this one another FOYER_DATA_DIR.',
      );
    }
    log(`${name}: stopping the one a crashed Foyer left running (pid ${helper.pid}).`);
    signal(helper.pid, 'SIGTERM');
    if (!(await stopped(helper, 5000))) {
      signal(helper.pid, 'SIGKILL');
      await stopped(helper, 2000);
    }
  }
  rmSync(pidFile, { force: true });
}

/**
 * Spawns `node <args>` as a helper that dies with this process; with `pidFile`, records it there until it exits.
 * Call reapLeftover first.
 */
export function spawnHelper(args, { pidFile, env = process.env, ...options } = {}) {
  const child = spawn(process.execPath, ['--import', dieWithParent, ...args], {
    ...options,
    env: { ...env, FOYER_HELPER_PARENT: String(process.pid) },
  });
  if (pidFile && child.pid) {
    // The data directory is its owner's alone (src/server/db/dataDirectory.ts).
    mkdirSync(dirname(pidFile), { recursive: true, mode: 0o700 });
    writeFileSync(pidFile, JSON.stringify({ helper: identify(child.pid), parent: identify() }), { mode: 0o600 });
    child.once('exit', () => rmSync(pidFile, { force: true }));
  }
  return child;
}
