import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePortBase } from '../../scripts/authEmulator.mjs';
import { isRunning, type ProcessIdentity } from '../../src/server/processIdentity.ts';

// A browser test because it needs the built site (Vitest runs before the build); it drives processes, not pages.
const root = join(import.meta.dirname, '../..');
let dataDir = '';
const pidFile = () => join(dataDir, 'auth-emulator.pid');
const foyers: ChildProcess[] = [];
const emulators: ProcessIdentity[] = [];
let emulatorPort = 0;

test.afterAll(() => {
  // Whatever happened above, leave no Foyer and no emulator running.
  for (const foyer of foyers) if (foyer.exitCode === null && foyer.signalCode === null) foyer.kill('SIGKILL');
  for (const emulator of emulators) if (isRunning(emulator)) process.kill(emulator.pid, 'SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (emulatorPort) rmSync(join(root, 'node_modules/.cache/foyer-firebase', String(emulatorPort)), { recursive: true, force: true });
});

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));

/** Starts Foyer as `npm start` does, minus the build check (serve.mjs: no rebuild of dist/ under other tests). */
async function startFoyer(port: number): Promise<{ foyer: ChildProcess; output: () => string }> {
  const { FIREBASE_API_KEY, FIREBASE_AUTH_EMULATOR_HOST, DATABASE_URL, ...env } = process.env;
  const foyer = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      FOYER_DATA_DIR: dataDir,
      FOYER_AUTH_EMULATOR_PORT: String(emulatorPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  foyers.push(foyer);
  let output = '';
  foyer.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  foyer.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const until = Date.now() + 180_000; !(await answers(`http://127.0.0.1:${port}/en`));) {
    if (foyer.exitCode !== null || Date.now() > until) throw new Error(`Foyer did not start:\n${output.slice(-3000)}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  emulators.push(JSON.parse(readFileSync(pidFile(), 'utf8')).helper as ProcessIdentity);
  return { foyer, output: () => output };
}

test.describe('npm start after a crash', () => {
  test('starts again after a SIGKILL, stopping the emulator left running; a clean stop leaves none', async () => {
    test.setTimeout(480_000);
    // Inside the project: the built server resolves its packages from node_modules.
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    dataDir = mkdtempSync(join(root, 'node_modules/.cache/foyer-restart-test-'));
    emulatorPort = await freePortBase();
    let port = await freePortBase();
    while (Math.abs(port - emulatorPort) < 3) port = await freePortBase();

    const { foyer: first } = await startFoyer(port);
    // Frozen, the emulator cannot notice that its parent is gone (dieWithParent.mjs): the next start must reap it.
    process.kill(emulators[0]!.pid, 'SIGSTOP');
    first.kill('SIGKILL');
    await exited(first);

    const { foyer: second, output } = await startFoyer(port);
    expect(output()).toContain(`stopping the one a crashed Foyer left running (pid ${emulators[0]!.pid})`);
    expect(await answers(`http://127.0.0.1:${port}/en`)).toBe(true);
    expect(await answers(`http://127.0.0.1:${emulatorPort}/`)).toBe(true);
    expect(isRunning(emulators[0]!)).toBe(false);
    expect(emulators[1]).not.toEqual(emulators[0]);

    second.kill('SIGTERM');
    await exited(second);
    expect(second.exitCode).toBe(0);
    expect(isRunning(emulators[1]!)).toBe(false);
    expect(existsSync(pidFile())).toBe(false);
    expect(await answers(`http://127.0.0.1:${emulatorPort}/`)).toBe(false);
  });
});
