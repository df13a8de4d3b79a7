import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { composer, log, openPage, texts, write } from './chatPage.ts';
import { messages } from './content.ts';
import { emulatorHost } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { foyerProcesses, type FoyerProcesses } from './foyerProcess.ts';
import { createDatabase, dropDatabase, url } from '../server/postgresDatabase.ts';

// Two Foyer processes on one PostgreSQL database (made fresh here), as behind a load balancer: the contact on one,
// the staff member on the other. Runs when TEST_DATABASE_URL names a PostgreSQL server (.ci/run sets it).
const t = messages('en');
const database = `foyer_e2e_${process.pid}_${Date.now().toString(36)}`;
const processes: FoyerProcesses[] = [];

test.afterAll(async () => {
  for (const foyer of processes) foyer.cleanUp();
  await dropDatabase(database);
});

test('a contact on one process and a staff member on another see each other’s messages and typing live', async ({ browser }) => {
  test.skip(!url, 'TEST_DATABASE_URL is not set');
  test.setTimeout(300_000);
  const databaseUrl = await createDatabase(database);
  // One secret for both, as any two processes of one deployment share it; the test server's emulator for Firebase.
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'a-secret-both-processes-share-and-long-enough',
    FIREBASE_API_KEY: 'emulator-api-key',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  };
  for (const name of ['pg-a', 'pg-b']) {
    const foyer = await foyerProcesses(name, env);
    processes.push(foyer);
    await foyer.start();
  }
  const [a, b] = processes as [FoyerProcesses, FoyerProcesses];
  const link = new URL(a.cli('invite', '--email', `two-${Date.now()}@example.com`, '--name', 'Ana').trim().split('\n').at(-1)!);

  const contact = await openPage(browser, `${a.origin}${link.pathname}${link.search}`);
  const staff = await openPage(browser, `${b.origin}/en/login?next=${link.pathname}`);
  await staff.getByLabel(t['login.email']!).fill(demoStaffLogin.email);
  await staff.getByLabel(t['login.password']!, { exact: true }).fill(demoStaffLogin.password);
  await staff.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(composer(staff, 'en')).toBeVisible({ timeout: 30_000 });
  await expect(composer(contact, 'en')).toBeVisible({ timeout: 30_000 });

  await write(contact, 'en', 'Hello from process A');
  await expect(log(staff, 'en').getByText('Hello from process A')).toBeVisible();
  await composer(staff, 'en').pressSequentially('On it', { delay: 50 });
  await expect(contact.locator('.chat-typing')).not.toBeEmpty();
  await composer(staff, 'en').press('Enter');
  await expect(log(contact, 'en').getByText('On it')).toBeVisible();
  expect(await texts(contact, 'en')).toEqual(['Hello from process A', 'On it']);
  expect(await texts(staff, 'en')).toEqual(['Hello from process A', 'On it']);
});
