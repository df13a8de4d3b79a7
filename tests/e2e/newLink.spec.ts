/**
 * "E-mail me a new link" on the code form: the same answer for a known and an unknown address; the known contact's
 * e-mail (caught by npm start's local SMTP server) carries a link that opens their conversation.
 */
import AxeBuilder from '@axe-core/playwright';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { composer } from './chatPage.ts';
import { caughtMailTo, e2eDataDir, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

async function askForNewLink(page: Page, lang: string, email: string) {
  const t = messages(lang);
  // Two browsers are open: focus is only checked in the one in front.
  await page.bringToFront();
  await page.getByText(t['session.newLink.open']!).click();
  await page.getByLabel(t['session.newLink.email']!).fill(email);
  await page.getByRole('button', { name: t['session.newLink.send']! }).click();
  const answer = page.getByRole('status').filter({ hasText: fill(t['session.newLink.sent']!, { email }) });
  await expect(answer).toBeVisible();
  await expect(answer).toBeFocused();
}

test('a contact without their link gets a new one by e-mail; an unknown address sees the same answer and gets nothing', async ({
  page,
  browser,
}) => {
  const invitation = inviteLink(['--no-send-email', '--lang', 'es']);
  await page.goto(`/es/chat/${invitation.chatBoxId}`);
  const unknown = `nobody-${Date.now()}@example.com`;
  await askForNewLink(page, 'es', unknown);

  const other = await (await browser.newContext()).newPage();
  await other.goto(`/es/chat/${invitation.chatBoxId}`);
  await askForNewLink(other, 'es', invitation.email);
  const mail = await simpleParser(await caughtMailTo(invitation.email));
  const t = messages('es');
  expect(mail.subject).toBe(fill(t['mail.newLink.subject']!, { organisation: t['site.name']! }));
  const link = new URL(mail.text!.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe(`/es/chat/${invitation.chatBoxId}`);

  // The unknown address got nothing (the known one's e-mail, asked for after it, has already arrived).
  const files = await readdir(join(e2eDataDir, 'mail'));
  expect(files.filter((name) => name.includes(unknown))).toEqual([]);

  // The e-mailed link opens the conversation; the old code no longer does (the page offers a new link instead).
  await other.goto(link.pathname + link.search);
  await expect(composer(other, 'es')).toBeVisible();
  const stale = await (await browser.newContext()).newPage();
  await stale.goto(invitation.path);
  await expect(stale.getByText(t['session.welcomeBack.linkUsed']!, { exact: false })).toBeVisible();
});

test('the new-link form says what is wrong with the address, in the page’s language, and passes axe in ar', async ({ page }) => {
  const t = messages('ar');
  await page.goto('/ar/chat');
  await page.getByText(t['session.newLink.open']!).click();
  const field = page.getByLabel(t['session.newLink.email']!);
  await field.fill('not an address');
  await page.getByRole('button', { name: t['session.newLink.send']! }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(page.getByText(t['session.newLink.error.email']!)).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
});
