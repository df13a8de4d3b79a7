import type { Page } from '@playwright/test';
import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { composer, openPage, texts, write } from './chatPage.ts';
import { messages } from './content.ts';
import { emulatorHost } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { exited, foyerProcesses, type FoyerProcesses } from './foyerProcess.ts';

// Its own Foyer process, since this test kills it (see foyerProcess.ts).
const t = messages('en');
let foyers: FoyerProcesses | undefined;
test.afterAll(() => foyers?.cleanUp());

test('the server killed mid-conversation and started again: both sides reconnect, every message there once, in order', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  foyers = await foyerProcesses('chat-restart');
  // Firebase is not Foyer's to kill: here it is the test server's Auth emulator, which outlives this Foyer as
  // Google's service would (Foyer starts no emulator of its own when given FIREBASE_API_KEY).
  const firebase = { FIREBASE_API_KEY: 'emulator-api-key', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  const { foyer: first } = await foyers.start(firebase);
  const link = new URL(foyers.cli('invite', '--email', 'kill-test@example.com', '--name', 'Ana').trim().split('\n').at(-1)!);
  const chatPath = link.pathname;

  const contact = await openPage(browser, `${foyers.origin}${link.pathname}${link.search}`);
  const staff = await openPage(browser, `${foyers.origin}/en/login?next=${chatPath}`);
  await staff.getByLabel(t['login.email']!).fill(demoStaffLogin.email);
  await staff.getByLabel(t['login.password']!, { exact: true }).fill(demoStaffLogin.password);
  await staff.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(staff).toHaveURL((url) => url.pathname === chatPath);
  // A fresh server's first pages and Firebase's first sign-in take a while on a busy machine.
  await expect(composer(staff, 'en')).toBeVisible({ timeout: 30_000 });
  await expect(composer(contact, 'en')).toBeVisible({ timeout: 30_000 });

  await write(contact, 'en', 'one from Ana');
  await write(staff, 'en', 'two from staff');
  await expect.poll(() => texts(contact, 'en')).toEqual(['one from Ana', 'two from staff']);

  first.kill('SIGKILL');
  await exited(first);
  // Written while the server is gone: it waits in the outbox.
  await write(contact, 'en', 'three, written while down');
  await foyers.start(firebase);

  // Nobody reloads: the pages reconnect by themselves, and the outbox sends once.
  await write(staff, 'en', 'four from staff, after the restart');
  // "three" waits in the contact's outbox for its retry, so "four" may be stored first: the server's order is the
  // one order, the same on both screens, with every message once.
  const expected = ['one from Ana', 'two from staff', 'three, written while down', 'four from staff, after the restart'];
  const sorted = async (page: Page) => (await texts(page, 'en')).toSorted();
  await expect.poll(() => sorted(contact), { timeout: 60_000 }).toEqual(expected.toSorted());
  await expect.poll(() => sorted(staff), { timeout: 60_000 }).toEqual(expected.toSorted());
  const order = await texts(staff, 'en');
  expect(order.slice(0, 2)).toEqual(expected.slice(0, 2));
  await expect.poll(() => texts(contact, 'en')).toEqual(order);
  await contact.reload();
  await expect.poll(() => texts(contact, 'en')).toEqual(order);
});
