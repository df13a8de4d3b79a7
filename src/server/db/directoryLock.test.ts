import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from './directoryLock.ts';

describe('the PGlite directory lock', () => {
  let folder: string;
  let dataDir: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'foyer-lock-'));
    dataDir = join(folder, 'pglite');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('is held with this process’s pid and released on demand', async () => {
    const release = await lockDirectory(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
    await (await lockDirectory(dataDir))();
  });

  it('refuses a second holder while the first is alive, naming the process', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(`${dataDir}.lock`, String(sleeper.pid));
      const error = await lockDirectory(dataDir).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DirectoryLockedError);
      expect((error as Error).message).toContain(`pid ${sleeper.pid}`);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a lock left empty by a process that died before writing its pid', async () => {
    await writeFile(`${dataDir}.lock`, '');
    const release = await lockDirectory(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('takes over a lock whose process is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(`${dataDir}.lock`, String(gone.pid));
    const release = await lockDirectory(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
