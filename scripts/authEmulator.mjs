/**
 * The Firebase Auth emulator for development and tests (firebase-tools): started as a child process on
 * 127.0.0.1, stopped by signalling that process (an npx wrapper would leave it running). Offline: no UI, no
 * message-of-the-day fetch. With a data folder, its users survive restarts (--import / --export-on-exit). It dies with
 * its parent, and with a pid file the next start stops one that a crashed parent left behind (childProcesses.mjs).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reapLeftover, spawnHelper } from './childProcesses.mjs';

// From the module's own path (a string): under happy-dom, `URL` is not Node's and fileURLToPath refuses it.
const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const emulatorProject = 'demo-foyer';

/** Demo staff sign-in, created in the emulator at every development start (the database seeds its record). */
export const demoStaffLogin = { uid: 'demo-staff', email: 'demo@foyer.test', password: 'foyer-demo-1234', displayName: 'Dana Demo' };

/** Whether the URL answers 2xx; by node:http, so a browser-like test environment's fetch logs nothing. */
function answers(url) {
  return new Promise((resolve) => {
    get(url, (response) => {
      response.resume();
      resolve((response.statusCode ?? 0) < 300);
    }).on('error', () => resolve(false));
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Three free ports in a row (the emulator, its hub and its logging), for tests that run side by side. */
export async function freePortBase() {
  for (;;) {
    // Below Linux's ephemeral range (32768 and up): an outgoing connection elsewhere in the run cannot take the port
    // between this check and the emulator's bind (seen once the chat tests opened many connections).
    const base = 20000 + Math.floor(Math.random() * 12700);
    if ((await portIsFree(base)) && (await portIsFree(base + 1)) && (await portIsFree(base + 2))) return base;
  }
}

/**
 * Starts the emulator on `port` (with its hub and logging ports next to it) and resolves once it answers.
 * `dataDir` keeps its users between starts; `pidFile` records the process so that the next start can reap it.
 */
export async function startAuthEmulator({ port = 9099, dataDir, pidFile, log = () => {} } = {}) {
  const host = `127.0.0.1:${port}`;
  if (pidFile) await reapLeftover(pidFile, { name: 'Auth emulator', log });
  if (await answers(`http://${host}/`))
    throw new Error(`Port ${port} is taken (another Auth emulator?). Stop it, or set FOYER_AUTH_EMULATOR_PORT.`);
  const configDir = join(root, 'node_modules/.cache/foyer-firebase', String(port));
  mkdirSync(configDir, { recursive: true });
  const config = join(configDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [
    join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    emulatorProject,
    '--config',
    config,
  ];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  const child = spawnHelper(args, { pidFile, cwd: configDir, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  while (!(await answers(`http://${host}/`))) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator stopped while starting:\n${output.slice(-2000)}`);
    if (Date.now() - started > 60_000) {
      child.kill('SIGTERM');
      throw new Error(`The Auth emulator did not answer within a minute:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`Auth emulator: ready on ${host} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return {
    host,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Creates (or keeps) an account in the emulator through its admin API. */
export async function ensureEmulatorUser(host, { uid, email, password, displayName, emailVerified = true }) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${emulatorProject}/accounts`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ localId: uid, email, password, displayName, emailVerified }),
  });
  if (response.ok) return;
  const text = await response.text();
  if (!/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(text)) throw new Error(`Could not create ${email} in the Auth emulator: ${text}`);
}
