/**
 * Which process a pid names: the pid plus the process's start time, so a file written by a process that died tells
 * apart that process from a new one that was given the same pid (common after a SIGKILL in a container). Shared by
 * the PGlite directory lock and the helper-process pid files of `npm start` (scripts/childProcesses.mjs).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const processIdentitySchema = z.object({ pid: z.number().int().positive(), startTime: z.string().optional() });
export type ProcessIdentity = z.infer<typeof processIdentitySchema>;

/**
 * The start time of a live process: /proc/<pid>/stat field 22 (clock ticks since boot) on Linux, `ps -o lstart`
 * elsewhere. null when the process is gone or a zombie (an orphan's parent may never reap it); undefined when
 * this system cannot tell.
 */
export function startTimeOf(pid: number): string | null | undefined {
  if (process.platform === 'linux') {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return null;
    }
    // Field 2 is the command name in parentheses, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? null : fields[19];
  }
  try {
    return (
      execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null
    );
  } catch {
    return undefined;
  }
}

/** The identity of a process now (this one by default), to write into a lock or pid file. */
export function identify(pid: number = process.pid): ProcessIdentity {
  const startTime = startTimeOf(pid);
  return startTime ? { pid, startTime } : { pid };
}

/** Whether the process that `identity` names still runs: its pid is alive and, where both are known, started then. */
export function isRunning({ pid, startTime }: ProcessIdentity): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTimeOf(pid);
  if (now === null) return false;
  return !startTime || !now || now === startTime;
}

/** Reads an identity written as JSON; a bare number (a lock file from before start times) is a pid alone. */
export function parseIdentity(text: string): ProcessIdentity | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = processIdentitySchema.safeParse(typeof value === 'number' ? { pid: value } : value);
  return parsed.success ? parsed.data : undefined;
}
