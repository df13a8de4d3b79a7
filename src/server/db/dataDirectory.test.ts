import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePrivateDirectory } from './dataDirectory.ts';
import { openPGlite } from './pglite.ts';

describe('the data directory', () => {
  const warnings: string[] = [];
  const log = { warn: (message: string) => void warnings.push(message) };
  let root: string;
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is created 0700, its parents too, and nothing is said', async () => {
    root = await mkdtemp(join(tmpdir(), 'foyer-data-'));
    const dir = join(root, 'a/b/data');
    await ensurePrivateDirectory(dir, log);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(root, 'a'))).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it('is narrowed to 0700 when it already exists open to others, with a log line', async () => {
    const dir = join(root, 'open');
    await mkdir(dir, { mode: 0o777 });
    await chmod(dir, 0o755);
    await ensurePrivateDirectory(dir, log);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([expect.stringContaining('mode 755')]);
    await ensurePrivateDirectory(dir, log);
    expect(warnings).toHaveLength(1);
  });

  it('holds PGlite’s files for their owner alone, those it brings and those PostgreSQL makes', async () => {
    root ??= await mkdtemp(join(tmpdir(), 'foyer-datadir-'));
    const dir = join(root, 'pglite');
    const db = await openPGlite(dir);
    await db.exec('create table private_test (x text); insert into private_test values (1)');
    await db.close();
    const entries = await readdir(dir, { recursive: true });
    expect(entries.length).toBeGreaterThan(100);
    const open: string[] = [];
    for (const entry of entries) {
      const { mode } = await lstat(join(dir, entry));
      if (mode & 0o077) open.push(`${entry} ${(mode & 0o777).toString(8)}`);
    }
    expect(open).toEqual([]);
  });
});
