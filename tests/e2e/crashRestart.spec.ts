import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isRunning } from '../../src/server/db/processIdentity.ts';
import { expect, test } from './fixtures.ts';
import { exited, foyerProcesses, type FoyerProcesses } from './foyerProcess.ts';

// A browser test because it needs the built site (Vitest runs before the build); it drives processes, not pages.
let foyers: FoyerProcesses | undefined;
const pidFile = () => join(foyers!.dataDir, 'auth-emulator.pid');
const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

// Whatever happened below, leave no Foyer and no emulator running.
test.afterAll(() => foyers?.cleanUp());

test.describe('npm start after a crash', () => {
  test('starts again after a SIGKILL, stopping the emulator left running; a clean stop leaves none', async () => {
    test.setTimeout(480_000);
    foyers = await foyerProcesses('restart-test');
    const { port, emulatorPort, emulators } = foyers;

    const { foyer: first } = await foyers.start();
    // Frozen, the emulator cannot notice that its parent is gone (dieWithParent.mjs): the next start must reap it.
    process.kill(emulators[0]!.pid, 'SIGSTOP');
    first.kill('SIGKILL');
    await exited(first);

    const { foyer: second, output } = await foyers.start();
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
