import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const serving = pathToFileURL(join(import.meta.dirname, 'serving.mjs')).href;

/**
 * A small process run the way `npm start` runs Foyer (serving.mjs's stopCleanly): its `stop` closes something slowly,
 * an open handle keeps it alive like a listening server, and `fault` is what then goes wrong.
 */
function runProcess(fault: string, { stop = 'await new Promise((done) => setTimeout(done, 100))', hardExitAfterMs = 1000 } = {}) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { stopCleanly } from '${serving}';
       const lifecycle = stopCleanly(async () => { ${stop}; console.log('closed'); }, { hardExitAfterMs: ${hardExitAfterMs} });
       lifecycle.started();
       setInterval(() => {}, 1000);
       setTimeout(() => { ${fault}; }, 10);`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = Date.now();
  // A process that never leaves fails the test here rather than at its timeout.
  const limit = setTimeout(() => child.kill('SIGKILL'), 8000);
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

describe('a Foyer process when something escapes every handler', () => {
  it('logs an escaped error with its context, closes what it opened, and exits 1', async () => {
    const { code, stdout, stderr } = await runProcess(`throw new Error('the disk vanished')`);
    expect(stderr).toContain('Foyer: an unexpected error escaped; stopping.');
    expect(stderr).toContain('Error: the disk vanished');
    expect(stdout).toMatch(/Foyer: stopping…\s+closed/);
    expect(code).toBe(1);
  });

  it('logs a promise that failed with nobody to handle it, closes what it opened, and exits 1', async () => {
    const { code, stdout, stderr } = await runProcess(`void Promise.reject(new Error('the query failed'))`);
    expect(stderr).toContain('Foyer: a promise failed with nobody to handle it; stopping.');
    expect(stderr).toContain('Error: the query failed');
    expect(stdout).toMatch(/Foyer: stopping…\s+closed/);
    expect(code).toBe(1);
  });

  it('leaves with exit code 1 after the time limit when closing hangs', async () => {
    const { code, stdout, stderr, ms } = await runProcess(`throw new Error('the disk vanished')`, {
      stop: 'await new Promise(() => {})',
      hardExitAfterMs: 1000,
    });
    expect(stderr).toContain('Foyer: not stopped after 1 s; leaving without finishing.');
    expect(stdout).not.toContain('closed');
    expect(code).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThan(8000);
  });

  it('leaves with exit code 1 when closing fails', async () => {
    const { code, stderr } = await runProcess(`throw new Error('the disk vanished')`, { stop: `throw new Error('close failed')` });
    expect(stderr).toContain('Foyer: stopping failed.');
    expect(stderr).toContain('Error: close failed');
    expect(code).toBe(1);
  });

  it('gives a hung stop ten seconds by default', async () => {
    const { hardExitMs } = (await import(serving)) as { hardExitMs: number };
    expect(hardExitMs).toBe(10_000);
  });
});
