import type { Browser, Page } from '@playwright/test';
import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { openPage, write } from './chatPage.ts';
import { messages } from './content.ts';
import { emulatorHost } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { exited, foyerProcesses, type FoyerProcesses } from './foyerProcess.ts';

// Foyer processes of their own: these tests stop and start them under an open inbox.
const t = messages('en');
let foyers: FoyerProcesses | undefined;
test.afterEach(() => foyers?.cleanUp());

async function signIn(staff: Page) {
  await staff.getByLabel(t['login.email']!).fill(demoStaffLogin.email);
  await staff.getByLabel(t['login.password']!, { exact: true }).fill(demoStaffLogin.password);
  await staff.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(staff).toHaveURL((url) => url.pathname === '/en/chat');
}

/** Staff on the inbox and a contact who wrote once, on a Foyer started with `env`. */
async function inboxWithContact(browser: Browser, foyers: FoyerProcesses) {
  const link = new URL(foyers.cli('invite', '--email', 'restart@example.com', '--name', 'Ana').trim().split('\n').at(-1)!);
  const staff = await openPage(browser, `${foyers.origin}/en/login?next=/en/chat`);
  await signIn(staff);
  const contact = await openPage(browser, `${foyers.origin}${link.pathname}${link.search}`);
  await write(contact, 'en', 'before the restart');
  await expect(entry(staff, 'before the restart')).toBeVisible({ timeout: 30_000 });
  return { staff, contact };
}

const entry = (staff: Page, text: string) => staff.locator('.inbox-entry').filter({ hasText: text });

test('the server restarted under an open inbox (Firebase still up, as in production): the inbox keeps receiving', async ({ browser }) => {
  test.setTimeout(480_000);
  foyers = await foyerProcesses('inbox-restart');
  const firebase = { FIREBASE_API_KEY: 'emulator-api-key', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  const { foyer: first } = await foyers.start(firebase);
  const { staff, contact } = await inboxWithContact(browser, foyers);

  first.kill('SIGTERM');
  await exited(first);
  await foyers.start(firebase);
  await write(contact, 'en', 'after the restart');
  // Nobody reloads: the stream reconnects with the same sign-in, and the list is read again.
  await expect(entry(staff, 'after the restart')).toBeVisible({ timeout: 60_000 });
});

test('the Auth emulator restarted with the server (npm start again): a fresh token is asked for once, then the inbox says the sign-in ended and leads back', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  foyers = await foyerProcesses('inbox-emulator-restart');
  const { foyer: first } = await foyers.start();
  const { staff, contact } = await inboxWithContact(browser, foyers);
  const refreshes: number[] = [];
  staff.on('request', (request) => {
    if (request.url().includes('securetoken.googleapis.com')) refreshes.push(Date.now());
  });

  // The new emulator takes its users back, but as if created now: every earlier sign-in is revoked.
  first.kill('SIGTERM');
  await exited(first);
  await foyers.start();
  await write(contact, 'en', 'after the restart');
  const ended = staff.getByRole('alert').filter({ hasText: t['staff.signInEnded']! });
  await expect(ended).toBeVisible({ timeout: 60_000 });
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  await ended.getByRole('link', { name: t['staff.signInAgain']! }).click();
  await signIn(staff);
  await expect(entry(staff, 'after the restart')).toBeVisible({ timeout: 30_000 });
});
