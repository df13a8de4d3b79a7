/**
 * Starts Foyer (src/server/main.ts) and stops it cleanly on Ctrl+C or SIGTERM. Without a production Firebase
 * configuration it first starts the Auth emulator (users kept in the data directory) and the demo staff login.
 */
import { join } from 'node:path';
import { demoStaffLogin, ensureEmulatorUser, startAuthEmulator } from './authEmulator.mjs';

export async function serve() {
  let emulator;
  let foyer;
  let started = false;
  let stopping = false;
  const shutdown = async (code) => {
    console.log('\nFoyer: stopping…');
    await foyer?.stop();
    await emulator?.stop();
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
  try {
    if (!process.env.FIREBASE_API_KEY && process.env.NODE_ENV !== 'production') {
      const dataDir = process.env.FOYER_DATA_DIR ?? './data';
      emulator = await startAuthEmulator({
        port: Number(process.env.FOYER_AUTH_EMULATOR_PORT ?? 9099),
        dataDir: join(dataDir, 'firebase'),
        log: console.log,
      });
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      await ensureEmulatorUser(emulator.host, demoStaffLogin);
    }
    if (!stopping) {
      const { startFoyer } = await import('../src/server/main.ts');
      foyer = await startFoyer();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await emulator?.stop();
    process.exit(1);
  }
  started = true;
  if (stopping) return shutdown(0);
  if (emulator) console.log(`Demo staff sign-in (Auth emulator): ${demoStaffLogin.email} / ${demoStaffLogin.password}`);
  console.log(`\nFoyer is running at ${foyer.url} (press Ctrl+C to stop).`);
}
