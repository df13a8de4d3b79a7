import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identify, isRunning } from '../src/server/db/processIdentity.ts';
import { reapLeftover, spawnHelper } from './childProcesses.mjs';

const sleep = ['-e', 'setTimeout(() => {}, 60000)'];
const until = async (condition: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !condition() && Date.now() < end;) await new Promise((done) => setTimeout(done, 50));
  return condition();
};

describe('helper processes', () => {
  let folder: string;
  let pidFile: string;
  let started: ChildProcess[];
  const sleeper = () => {
    const child = spawn(process.execPath, sleep, { stdio: 'ignore' });
    started.push(child);
    return child;
  };
  const gone = async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((done) => child.once('exit', done));
    return identify(child.pid);
  };
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'foyer-helpers-'));
    pidFile = join(folder, 'helper.pid');
    started = [];
  });
  afterEach(async () => {
    for (const child of started) child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
  });

  it('stops a helper whose parent is gone, and removes its pid file', async () => {
    const helper = sleeper();
    await writeFile(pidFile, JSON.stringify({ helper: identify(helper.pid), parent: await gone() }));
    await reapLeftover(pidFile, { name: 'Helper' });
    expect(await until(() => !isRunning(identify(helper.pid)) || helper.exitCode !== null || helper.signalCode !== null)).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  });

  it('never signals a live pid that started at another time (a pid reused since)', async () => {
    const stranger = sleeper();
    await writeFile(pidFile, JSON.stringify({ helper: { pid: stranger.pid, startTime: 'another start' }, parent: await gone() }));
    await reapLeftover(pidFile, { name: 'Helper' });
    expect(isRunning(identify(stranger.pid))).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  });

  it('refuses while the process that started the helper still runs, leaving both alone', async () => {
    const helper = sleeper();
    await writeFile(pidFile, JSON.stringify({ helper: identify(helper.pid), parent: identify() }));
    await expect(reapLeftover(pidFile, { name: 'Helper' })).rejects.toThrow(/Helper of another Foyer \(pid \d+\) is running/);
    expect(isRunning(identify(helper.pid))).toBe(true);
    expect(existsSync(pidFile)).toBe(true);
  });

  it('records a helper in its pid file while it runs, and removes the file when it exits', async () => {
    const helper = spawnHelper(sleep, { pidFile, stdio: 'ignore' });
    started.push(helper);
    expect(JSON.parse(await readFile(pidFile, 'utf8'))).toEqual({ helper: identify(helper.pid), parent: identify() });
    const exited = new Promise((done) => helper.once('exit', done));
    helper.kill('SIGTERM');
    await exited;
    expect(existsSync(pidFile)).toBe(false);
  });

  it('stops a helper within seconds of its parent being killed with SIGKILL', async () => {
    const module = pathToFileURL(join(import.meta.dirname, 'childProcesses.mjs')).href;
    const parent = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { spawnHelper } from '${module}'; console.log(spawnHelper(${JSON.stringify(sleep)}, { stdio: 'ignore' }).pid);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    started.push(parent);
    const pid = Number(await new Promise<string>((done) => parent.stdout!.once('data', (chunk: Buffer) => done(chunk.toString()))));
    const helper = identify(pid);
    expect(isRunning(helper)).toBe(true);
    parent.kill('SIGKILL');
    try {
      expect(await until(() => !isRunning(helper))).toBe(true);
    } finally {
      if (isRunning(helper)) process.kill(pid, 'SIGKILL');
    }
  });
});
