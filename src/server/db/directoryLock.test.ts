import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identify, parseIdentity } from './processIdentity.ts';
import { DirectoryLockedError, lockDirectory } from './directoryLock.ts';

describe('the PGlite directory lock', () => {
  let folder: string;
  let dataDir: string;
  const owner = async () => parseIdentity(await readFile(`${dataDir}.lock`, 'utf8'));
  const refusal = () => lockDirectory(dataDir).catch((caught: unknown) => caught);
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'foyer-lock-'));
    dataDir = join(folder, 'pglite');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('is held with this process’s pid and start time, and released on demand', async () => {
    const release = await lockDirectory(dataDir);
    expect(await owner()).toEqual(identify());
    await release();
    await (
      await lockDirectory(dataDir)
    )();
  });

  it('refuses a second holder while the first is alive, naming the process', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(`${dataDir}.lock`, JSON.stringify(identify(sleeper.pid)));
      const error = await refusal();
      expect(error).toBeInstanceOf(DirectoryLockedError);
      expect((error as Error).message).toContain(`pid ${sleeper.pid}`);
    } finally {
      sleeper.kill();
    }
  });

  it('refuses a lock file from before start times (a bare pid) while that pid is alive', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(`${dataDir}.lock`, String(sleeper.pid));
      expect(await refusal()).toBeInstanceOf(DirectoryLockedError);
    } finally {
      sleeper.kill();
    }
  });

  it('refuses a second lock from this same process while it holds the first', async () => {
    const release = await lockDirectory(dataDir);
    try {
      const error = await refusal();
      expect(error).toBeInstanceOf(DirectoryLockedError);
      expect((error as Error).message).toContain(`pid ${process.pid}`);
    } finally {
      await release();
    }
  });

  it('takes over a lock naming this process’s own pid that it does not hold (an earlier process, same pid)', async () => {
    await writeFile(`${dataDir}.lock`, JSON.stringify(identify()));
    const release = await lockDirectory(dataDir);
    expect(await owner()).toEqual(identify());
    await release();
  });

  it('takes over a lock whose pid is alive but belongs to a process started at another time', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: sleeper.pid, startTime: 'another start' }));
      const release = await lockDirectory(dataDir);
      expect(await owner()).toEqual(identify());
      await release();
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a lock left empty by a process that died before writing its pid', async () => {
    await writeFile(`${dataDir}.lock`, '');
    const release = await lockDirectory(dataDir);
    expect(await owner()).toEqual(identify());
    await release();
  });

  it('takes over a lock whose process is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: gone.pid }));
    const release = await lockDirectory(dataDir);
    expect(await owner()).toEqual(identify());
    await release();
  });
});
