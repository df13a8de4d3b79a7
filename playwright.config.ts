import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4329);
// The demo host page of the embedded chat box (tests/e2e/embed.spec.ts uses the same port).
const demoHostPort = port + 10;
// Shared with tests/e2e/cli.ts, which runs the command-line tool against this server.
const dataDir = 'node_modules/.cache/foyer-e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers on two cores, some tests driving two browsers and axe over whole conversations: the search and
  // page tests beside them were seen past the defaults (5 s per expect, 30 s per test), and on a machine slowed by
  // the kernel's page-out (the Chromium stage at 42 min, not ~8) a one-browser axe test in Arabic past 60 s.
  // Waiting longer changes no verdict; speed is measured by `npm run bench`.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { ...(chromiumPath && { executablePath: chromiumPath }), args: chromiumArgs },
      },
    },
  ],
  webServer: {
    // The whole product (site, API, PGlite), on a data directory made fresh for every run.
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/en`,
    // Its own Auth emulator port, so a running `npm start` (9099) does not get in the way. Every test verifies
    // codes from 127.0.0.1, one client address: the per-address limit (10 per 5 minutes, unit-tested in
    // src/server) would make tests fail by their order, so the suite gets a limit of its own.
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      FOYER_DATA_DIR: dataDir,
      FOYER_AUTH_EMULATOR_PORT: process.env.E2E_AUTH_PORT ?? '9399',
      VERIFY_RATE_LIMIT: '500',
      // The demo host page (scripts/demoHost.mjs) for the embedded chat box's tests. Reached as localhost it is
      // another site than this server (127.0.0.1): the widget then runs as a real third-party frame.
      FOYER_DEMO_HOST_PORT: String(demoHostPort),
      FRAME_ANCESTORS: `http://localhost:${demoHostPort} http://127.0.0.1:${demoHostPort}`,
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
