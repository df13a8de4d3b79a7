/**
 * The page a missed-message e-mail's "stop" link opens: it asks first (link scanners open links), then turns the
 * e-mails off without a sign-in; a damaged link says so. Mail clients' one-click POST is tested on the server
 * (src/server/mail/missedMessages.test.ts). The token is made as the server makes it, from the test server's secret.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveKeys } from '../../src/server/secrets.ts';
import { unsubscribeToken } from '../../src/server/mail/unsubscribe.ts';
import { violationsOf } from './axe.ts';
import { e2eDataDir, inviteLink } from './cli.ts';
import { messages } from './content.ts';
import { expect, test } from './fixtures.ts';

async function tokenFor(contactId: string): Promise<string> {
  const secret = readFileSync(join(e2eDataDir, 'session-secret'), 'utf8').trim();
  return unsubscribeToken((await deriveKeys(secret)).unsubscribe, { kind: 'contact', id: contactId });
}

test('a contact stops missed-message e-mails from the link, after confirming, in their language and right to left', async ({ page }) => {
  const t = messages('ar');
  const { contactId } = inviteLink(['--no-send-email', '--lang', 'ar']);
  await page.goto(`/ar/unsubscribe?token=${encodeURIComponent(await tokenFor(contactId))}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: t['unsubscribe.title']! })).toBeVisible();
  await expect(page.getByText(t['unsubscribe.question']!)).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
  const button = page.getByRole('button', { name: t['unsubscribe.button']! });
  await button.focus();
  await page.keyboard.press('Enter');
  const done = page.getByText(t['unsubscribe.done']!);
  await expect(done).toBeVisible();
  await expect(done.locator('..')).toBeFocused();
  await expect(button).toBeHidden();
  // Changed their mind: the same page turns them back on.
  await page.getByRole('button', { name: t['unsubscribe.undo']! }).click();
  await expect(page.getByRole('alert')).toHaveText(t['unsubscribe.undone']!);
  await expect(button).toBeVisible();
});

test('a damaged or missing link says so, translated', async ({ page }) => {
  const t = messages('fr');
  const { contactId } = inviteLink(['--no-send-email']);
  const token = await tokenFor(contactId);
  await page.goto(`/fr/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -3)}abc`)}`);
  await page.getByRole('button', { name: t['unsubscribe.button']! }).click();
  await expect(page.getByRole('alert')).toHaveText(t['unsubscribe.invalid']!);
  await expect(page.getByRole('alert')).toBeFocused();

  await page.goto('/fr/unsubscribe');
  await expect(page.getByRole('alert')).toHaveText(t['unsubscribe.invalid']!);
  await expect(page.getByRole('button', { name: t['unsubscribe.button']! })).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page’s form turns the e-mails off and comes back saying so; a damaged link comes back saying that', async ({ page }) => {
    const t = messages('de');
    const { contactId } = inviteLink(['--no-send-email']);
    const token = await tokenFor(contactId);
    await page.goto(`/de/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: t['unsubscribe.button']! }).click();
    await expect(page).toHaveURL(/\/de\/unsubscribe\?token=.+&done=1$/);
    await expect(page.getByText(t['unsubscribe.done']!)).toBeVisible();
    await expect(page.getByRole('button', { name: t['unsubscribe.button']! })).toBeHidden();
    await page.getByRole('button', { name: t['unsubscribe.undo']! }).click();
    await expect(page).toHaveURL(/\/de\/unsubscribe\?token=.+&resubscribed=1$/);
    await expect(page.getByRole('status')).toHaveText(t['unsubscribe.undone']!);
    await expect(page.getByRole('button', { name: t['unsubscribe.button']! })).toBeVisible();

    await page.goto(`/de/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -3)}abc`)}`);
    await page.getByRole('button', { name: t['unsubscribe.button']! }).click();
    await expect(page).toHaveURL(/\/de\/unsubscribe\?failed=1$/);
    await expect(page.getByRole('alert')).toHaveText(t['unsubscribe.invalid']!);
  });
});
