/**
 * Starts Foyer (src/server/main.ts) and stops it cleanly on Ctrl+C or SIGTERM. Without a production Firebase
 * configuration it first starts the Auth emulator (users kept in the data directory) and the demo staff login;
 * without SMTP_URL outside production, a local SMTP catcher that keeps e-mail as .eml files (mailCatcher.mjs); and
 * outside production a demo host page on a second origin with the chat box's snippet (demoHost.mjs).
 */
import { join } from 'node:path';
import { demoStaffLogin, ensureEmulatorUser, startAuthEmulator } from './authEmulator.mjs';

/** How long stopping may take before the process leaves anyway: a hung close must not leave a dead server running. */
export const hardExitMs = 10_000;

/**
 * Signals and escaped errors for a process that opens what it must close: each ends in `stop()`, then an exit.
 * Call `started()` once start-up is done.
 */
export function stopCleanly(stop, { hardExitAfterMs = hardExitMs } = {}) {
  let started = false;
  let stopping = false;
  const shutdown = async (code) => {
    console.log('\nFoyer: stopping…');
    // If closing hangs, leave anyway, still as a failure (also should the event loop empty with stop() unfinished).
    // Unref'd, the timer never keeps a process alive that has closed everything.
    process.exitCode = code || 1;
    setTimeout(() => {
      console.error(`Foyer: not stopped after ${hardExitAfterMs / 1000} s; leaving without finishing.`);
      process.exit(code || 1);
    }, hardExitAfterMs).unref();
    try {
      await stop();
    } catch (error) {
      console.error('Foyer: stopping failed.', error);
      code ||= 1;
    }
    process.exit(code);
  };
  // A signal during start-up is kept until what is being opened can be closed (the database needs that), and a
  // second one then leaves at once. Once running, a second Ctrl+C while stopping is ignored rather than killing the
  // process half-way through closing the database.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) {
        if (!started) process.exit(130);
        return;
      }
      stopping = true;
      if (started) void shutdown(0);
      else console.log('\nFoyer: stopping once start-up is done (again to stop now)…');
    });
  }
  // Every request's errors are answered where they happen (src/server/http/requestHandler.ts); one that still gets
  // here escaped from somewhere unknown, so the process's state can no longer be trusted: log it with where it came
  // from, then stop the way Ctrl+C does (the database closed), with a failure code for whatever restarts us.
  const crash = (kind) => (error) => {
    console.error(`Foyer: ${kind}; stopping.`, error);
    if (stopping) return;
    stopping = true;
    if (started) void shutdown(1);
    else process.exitCode = 1;
  };
  process.on('uncaughtException', crash('an unexpected error escaped'));
  process.on('unhandledRejection', crash('a promise failed with nobody to handle it'));
  return {
    get stopping() {
      return stopping;
    },
    started() {
      started = true;
      if (stopping) void shutdown(process.exitCode ?? 0);
    },
  };
}

export async function serve() {
  // Every file the server and its helpers write (the database, the session secret, caught e-mails, the emulator's
  // accounts) is their owner's alone, whatever the shell's umask: the built site is made before this.
  process.umask(0o077);
  let emulator;
  let mailCatcher;
  let foyer;
  let demoHost;
  const lifecycle = stopCleanly(async () => {
    await demoHost?.stop();
    await foyer?.stop();
    await emulator?.stop();
    await mailCatcher?.stop();
  });
  try {
    if (!process.env.FIREBASE_API_KEY && process.env.NODE_ENV !== 'production') {
      const dataDir = process.env.FOYER_DATA_DIR ?? './data';
      // Before the emulator makes a folder in it: the data directory is private from its first moment.
      const { ensurePrivateDirectory } = await import('../src/server/db/dataDirectory.ts');
      await ensurePrivateDirectory(dataDir, console);
      emulator = await startAuthEmulator({
        port: Number(process.env.FOYER_AUTH_EMULATOR_PORT ?? 9099),
        dataDir: join(dataDir, 'firebase'),
        pidFile: join(dataDir, 'auth-emulator.pid'),
        log: console.log,
      });
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      await ensureEmulatorUser(emulator.host, demoStaffLogin);
    }
    if (!process.env.SMTP_URL && process.env.NODE_ENV !== 'production') {
      const { startMailCatcher } = await import('./mailCatcher.mjs');
      mailCatcher = await startMailCatcher({ dir: join(process.env.FOYER_DATA_DIR ?? './data', 'mail') });
      process.env.SMTP_URL = mailCatcher.url;
      process.env.MAIL_FROM ||= 'Foyer (development) <foyer@localhost>';
    }
    // The demo host page's origin may frame the chat box (unless FRAME_ANCESTORS says otherwise).
    const demoHostPort = Number(process.env.FOYER_DEMO_HOST_PORT ?? 4322);
    const demoHostWanted = process.env.NODE_ENV !== 'production' && demoHostPort > 0;
    if (demoHostWanted) process.env.FRAME_ANCESTORS ??= `http://127.0.0.1:${demoHostPort}`;
    if (!lifecycle.stopping) {
      const { startFoyer } = await import('../src/server/main.ts');
      foyer = await startFoyer();
    }
    if (demoHostWanted && foyer && !lifecycle.stopping) {
      const { startDemoHost } = await import('./demoHost.mjs');
      demoHost = await startDemoHost({ port: demoHostPort, foyerUrl: foyer.url }).catch((error) => {
        console.warn(`The demo host page could not start on port ${demoHostPort} (${error.code ?? error.message}); Foyer runs without it.`);
        return undefined;
      });
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await foyer?.stop();
    await emulator?.stop();
    await mailCatcher?.stop();
    process.exit(1);
  }
  lifecycle.started();
  if (lifecycle.stopping) return;
  if (emulator) console.log(`Demo staff sign-in (Auth emulator): ${demoStaffLogin.email} / ${demoStaffLogin.password}`);
  if (mailCatcher) console.log(`E-mail in development is caught, not delivered: read it as .eml files in ${mailCatcher.folder}`);
  if (demoHost) console.log(`The chat box on "someone else's" website (the embed snippet on a demo page): ${demoHost.origin}/`);
  console.log(`\nFoyer is running at ${foyer.url} (press Ctrl+C to stop).`);
}
