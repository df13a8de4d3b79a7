/**
 * A Foyer process of a test's own (serve.mjs: the built site, an Auth emulator on its own port, PGlite in its own
 * data directory), for tests that kill or restart it; the shared test server must stay up for the others.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePortBase } from '../../scripts/authEmulator.mjs';
import { isRunning, type ProcessIdentity } from '../../src/server/db/processIdentity.ts';

const root = join(import.meta.dirname, '../..');

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));

export interface FoyerProcesses {
  dataDir: string;
  port: number;
  emulatorPort: number;
  origin: string;
  /** Every Foyer started, and every emulator they started (from the pid file). */
  foyers: ChildProcess[];
  emulators: ProcessIdentity[];
  start(extraEnv?: Record<string, string>): Promise<{ foyer: ChildProcess; output: () => string }>;
  /** The command-line tool on this data directory. */
  cli(...args: string[]): string;
  /** Kills whatever is left and removes the data directory. */
  cleanUp(): void;
}

/** `env` goes to every start and to the command-line tool (a DATABASE_URL, say). */
export async function foyerProcesses(name: string, env: Record<string, string> = {}): Promise<FoyerProcesses> {
  // Inside the project: the built server resolves its packages from node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const dataDir = mkdtempSync(join(root, `node_modules/.cache/foyer-${name}-`));
  const emulatorPort = await freePortBase();
  let port = await freePortBase();
  while (Math.abs(port - emulatorPort) < 3) port = await freePortBase();
  const pidFile = join(dataDir, 'auth-emulator.pid');
  const processes: FoyerProcesses = {
    dataDir,
    port,
    emulatorPort,
    origin: `http://127.0.0.1:${port}`,
    foyers: [],
    emulators: [],
    async start(extraEnv = {}) {
      const { FIREBASE_API_KEY, FIREBASE_AUTH_EMULATOR_HOST, DATABASE_URL, ...inherited } = process.env;
      const foyer = spawn(process.execPath, ['scripts/serve.mjs'], {
        cwd: root,
        env: {
          ...inherited,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          FOYER_DATA_DIR: dataDir,
          FOYER_AUTH_EMULATOR_PORT: String(emulatorPort),
          ...env,
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      processes.foyers.push(foyer);
      let output = '';
      foyer.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      foyer.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      for (const until = Date.now() + 180_000; !(await answers(`${processes.origin}/en`));) {
        if (foyer.exitCode !== null || Date.now() > until) throw new Error(`Foyer did not start:\n${output.slice(-3000)}`);
        await new Promise((done) => setTimeout(done, 250));
      }
      // No pid file when Foyer was pointed at an emulator of someone else's (FIREBASE_API_KEY given).
      if (existsSync(pidFile)) processes.emulators.push(JSON.parse(readFileSync(pidFile, 'utf8')).helper as ProcessIdentity);
      return { foyer, output: () => output };
    },
    cli: (...args) =>
      execFileSync(process.execPath, [join(root, 'scripts/foyer.mjs'), ...args], {
        cwd: root,
        env: { ...process.env, FOYER_DATA_DIR: dataDir, ...env },
        encoding: 'utf8',
      }),
    cleanUp() {
      for (const foyer of processes.foyers) if (foyer.exitCode === null && foyer.signalCode === null) foyer.kill('SIGKILL');
      for (const emulator of processes.emulators) if (isRunning(emulator)) process.kill(emulator.pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(join(root, 'node_modules/.cache/foyer-firebase', String(emulatorPort)), { recursive: true, force: true });
    },
  };
  return processes;
}
