/**
 * A staff member's signed-in header and conversation tools: their name in the header (also on a help-centre page,
 * which loads no framework and no Firebase for it), status, assignment, internal notes that never reach the
 * contact, the contact's details, and axe over all of it in English and Hebrew, light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { foyer, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { createAccount, uniqueEmail } from './emulator.ts';
import { composer, log, openPage, write } from './chatPage.ts';
import { expect, test } from './fixtures.ts';

// Two browsers, a sign-in and axe in two languages and two themes.
test.describe.configure({ timeout: 150_000 });

/** A new staff member with a name, signed in on the login page and sent on to `next`. */
async function signedInStaff(browser: Browser, name: string, next: string): Promise<{ page: Page; email: string }> {
  const t = messages('en');
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  await createAccount(email, 'correct-horse-1', { name });
  foyer('staff', 'add', email, '--role', 'agent', '--name', name);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/en/login?next=${next}`);
  await page.getByLabel(t['login.email']!).fill(email);
  await page.getByLabel(t['login.password']!, { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === next);
  return { page, email };
}

const staffMenuButton = (page: Page, name: string) => page.locator('[data-staff-menu-button]').filter({ hasText: name });

test('a signed-in staff member sees their name in the header, on a help-centre page without an island renderer or Firebase, and signs out there', async ({
  browser,
}) => {
  const t = messages('en');
  const { page } = await signedInStaff(browser, 'Rosa Diaz', '/en/search');
  await page.waitForLoadState('load');
  await page.goto('/en');
  const button = staffMenuButton(page, 'Rosa Diaz');
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName(`${t['header.signedInAs']} Rosa Diaz`);
  await expect(button).toContainText('RD');
  await expect(page.getByRole('link', { name: t['nav.staffSignIn']!, exact: true })).toBeHidden();
  await page.waitForLoadState('load');
  // What this document loaded (not the search page before it): no renderer, no island, no Firebase.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname),
  );
  expect(scripts.filter((path) => /react|client\.|firebase|Chat\.|ContactSession/i.test(path))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(await page.locator('astro-island').count()).toBe(0);

  // A disclosure: Enter opens it, Escape closes it and leaves focus on the button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: t['inbox.title']!, exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await expect(page.getByRole('link', { name: t['login.signOut']!, exact: true })).toBeHidden();

  const axe = await new AxeBuilder({ page }).include('.site-header').analyze();
  expect(violationsOf(axe)).toEqual([]);

  // Sign out: the login page signs out of Firebase, and every page shows "Staff sign-in" again.
  await button.click();
  await page.getByRole('link', { name: t['login.signOut']!, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/en/login' && url.search === '');
  await expect(page.getByRole('alert')).toHaveText(t['header.signedOut']!);
  await expect(page.getByRole('link', { name: t['nav.staffSignIn']!, exact: true })).toBeVisible();
  await page.goto('/en');
  await expect(page.getByRole('link', { name: t['nav.staffSignIn']!, exact: true })).toBeVisible();
  await expect(page.locator('[data-staff-menu]')).toBeHidden();
  // Firebase's own session is gone too: the login page offers the form, not "continue".
  await page.goto('/en/login');
  await expect(page.getByRole('button', { name: t['login.signIn']!, exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: t['login.continue']! })).toBeHidden();
});

test('staff resolve, reopen and assign a conversation, see the contact’s details, and write a note the contact never sees', async ({
  browser,
}) => {
  const t = messages('en');
  const invitation = inviteLink(['--name', 'Ana Lima', '--lang', 'pt-BR']);
  // A second chat box of the same contact, listed in the side panel.
  const other = inviteLink(['--name', 'Ana Lima'], invitation.email);
  const contact = await openPage(browser, invitation.path.replace(/^\/[a-zA-Z-]+\//, '/en/'));
  const { page: staff } = await signedInStaff(browser, 'Omar Haddad', '/en/search');
  // Beside a list of resolved ones: after Resolve the workspace moves on to the next open conversation of its list
  // (workspaceLayout.spec.ts), and this one lists none, so it stays here to be reopened.
  await staff.goto(`/en/chat/${invitation.chatBoxId}?status=resolved`);
  await expect(log(staff, 'en')).toBeVisible();
  await expect(log(contact, 'en')).toBeVisible();
  await expect(staffMenuButton(staff, 'Omar Haddad')).toBeVisible();

  // Status.
  const tools = staff.getByRole('region', { name: t['staffTools.label']! });
  await expect(tools).toContainText(`${t['staffTools.status']} ${t['inbox.status.open']}`);
  await tools.getByRole('button', { name: t['staffTools.resolve']! }).click();
  await expect(tools).toContainText(`${t['staffTools.status']} ${t['inbox.status.resolved']}`);
  await tools.getByRole('button', { name: t['staffTools.reopen']! }).click();
  await expect(tools).toContainText(`${t['staffTools.status']} ${t['inbox.status.open']}`);
  // A contact who writes into a resolved conversation reopens it, live on the staff side.
  await tools.getByRole('button', { name: t['staffTools.resolve']! }).click();
  await expect(tools).toContainText(`${t['staffTools.status']} ${t['inbox.status.resolved']}`);
  await write(contact, 'en', 'One more question, please');
  await expect(log(staff, 'en').getByText('One more question, please')).toBeVisible();
  await expect(tools).toContainText(`${t['staffTools.status']} ${t['inbox.status.open']}`);

  // Assignment.
  await expect(tools).toContainText(`${t['staffTools.assignedTo']} ${t['staffTools.nobody']}`);
  await tools.getByRole('button', { name: t['staffTools.assignToMe']! }).click();
  await expect(tools).toContainText(`${t['staffTools.assignedTo']} ${fill(t['staffTools.you']!, { name: 'Omar Haddad' })}`);
  await expect(tools.getByRole('button', { name: t['staffTools.assignToMe']! })).toBeHidden();

  // The contact's details, with their language in its own name and their other conversation.
  const panel = staff.getByRole('complementary', { name: t['staffTools.contact']! });
  await expect(panel).toContainText('Ana Lima');
  await expect(panel).toContainText(invitation.email);
  await expect(panel).toContainText('Português (Brasil)');
  await expect(panel.locator(`a[href="/en/chat/${other.chatBoxId}"]`)).toBeVisible();
  await expect(panel.locator(`a[href="/en/chat/${invitation.chatBoxId}"]`)).toHaveCount(0);

  // A note: shown as a note to staff, never to the contact, not even after a reply that comes later.
  await staff.getByRole('radio', { name: t['staffTools.internalNote']! }).check();
  await staff.getByLabel(t['staffTools.noteLabel']!).fill('Secret note: VIP customer');
  await staff.getByLabel(t['staffTools.noteLabel']!).press('Enter');
  const note = log(staff, 'en').locator('.chat-note').filter({ hasText: 'Secret note: VIP customer' });
  await expect(note).toBeVisible();
  await expect(note).toContainText(t['staffTools.internalNote']!);
  await staff.getByRole('radio', { name: t['staffTools.reply']! }).check();
  await write(staff, 'en', 'Public reply after the note');
  await expect(log(contact, 'en').getByText('Public reply after the note')).toBeVisible();
  await contact.waitForTimeout(2000);
  await expect(log(contact, 'en').getByText('Secret note')).toHaveCount(0);
  await expect(contact.locator('[aria-live="polite"]')).not.toContainText('Secret note');
  // Nor in the list after a reload.
  await contact.reload();
  await expect(log(contact, 'en').getByText('Public reply after the note')).toBeVisible();
  await expect(log(contact, 'en').getByText('Secret note')).toHaveCount(0);
  // The contact writes: staff see it as from the contact, and the note stays a note after the staff page reloads.
  await write(contact, 'en', 'Thanks!');
  await expect(log(staff, 'en').getByText('Thanks!')).toBeVisible();
  await staff.reload();
  await expect(log(staff, 'en').locator('.chat-note').filter({ hasText: 'Secret note: VIP customer' })).toBeVisible();
  await expect(composer(staff, 'en')).toBeVisible();

  // On a narrow screen the contact's details are a panel to open (the workspace's, tests/e2e/workspaceLayout.spec.ts).
  await staff.setViewportSize({ width: 600, height: 900 });
  const toggle = staff.getByRole('button', { name: t['workspace.showDetails']!, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(staff.getByText(invitation.email)).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(staff.getByText(invitation.email)).toBeVisible();
  await staff.setViewportSize({ width: 1280, height: 900 });

  // Axe over the page with the tools, a note and the panel, in English and Hebrew, light and dark.
  for (const lang of ['en', 'he']) {
    await staff.goto(`/${lang}/chat/${invitation.chatBoxId}`);
    await expect(log(staff, lang).locator('.chat-note')).toBeVisible();
    await expect(staff.getByRole('complementary').getByText(invitation.email)).toBeVisible();
    if (lang === 'he') await expect(staff.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const theme of ['light14', 'light3', 'dark14', 'dark9']) {
      await staff.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
      const results = await new AxeBuilder({ page: staff }).include('main').include('.site-header').analyze();
      expect(violationsOf(results), `${lang} ${theme}`).toEqual([]);
    }
  }
});
