/** A staff member signed in through the login page and the Auth emulator, as the browser tests drive it. */
import type { Browser, Page } from '@playwright/test';
import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { messages } from './content.ts';
import { expect } from './fixtures.ts';

/** Signed in, in a browser context of their own (the demo admin unless told), and on `next`. */
export async function signedIn(
  browser: Browser,
  next: string,
  login: { email: string; password: string } = demoStaffLogin,
  lang = 'en',
): Promise<Page> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, next, login, lang);
  return page;
}

/** Signs in on a page the test prepared (its own context's permissions, scripts), and lands on `next`. */
export async function signIn(page: Page, next: string, login: { email: string; password: string } = demoStaffLogin, lang = 'en') {
  const t = messages(lang);
  await page.goto(`/${lang}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(t['login.email']!).fill(login.email);
  await page.getByLabel(t['login.password']!, { exact: true }).fill(login.password);
  await page.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === next);
}
