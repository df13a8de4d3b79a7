/**
 * Saved replies: an admin keeps one on the staff page with an English and an Arabic text; in an Arabic contact's
 * conversation "/" opens the list, the keyboard alone picks it, and the Arabic text arrives in the composer with the
 * contact's name, the staff member's and the conversation's link filled in, editable before it is sent; Escape
 * shuts the list and keeps the text; the staff page counts the use.
 */
import AxeBuilder from '@axe-core/playwright';
import { violationsOf } from './axe.ts';
import { log } from './chatPage.ts';
import { inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const en = messages('en');

test('"/" inserts a saved reply in the contact\'s language with the placeholders filled', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const run = Math.random().toString(36).slice(2, 7);
  const name = `Greeting ${run}`;
  const staff = await signedIn(browser, '/en/staff');
  const manager = staff.getByRole('region', { name: en['savedReplies.title']! });
  await manager.getByLabel(en['savedReplies.name']!).fill(name);
  await manager.getByLabel(fill(en['savedReplies.textIn']!, { language: 'English' })).fill('Hello {{contact.name}}, {{staff.name}} here.');
  await manager.getByLabel(en['savedReplies.addLanguage']!).selectOption('ar');
  await manager.getByRole('button', { name: en['savedReplies.addLanguageButton']! }).click();
  const arabic = manager.getByLabel(fill(en['savedReplies.textIn']!, { language: 'العربية' }));
  await expect(arabic).toBeFocused();
  await arabic.fill('مرحبًا {{contact.name}}، معك {{staff.name}}. {{chatBox.link}}');
  await manager.getByRole('button', { name: en['savedReplies.create']!, exact: true }).click();
  await expect(manager.getByRole('status').first()).toHaveText(fill(en['savedReplies.added']!, { name }));
  const listed = manager.getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText('English');
  await expect(listed).toContainText('العربية');
  await expect(listed).toContainText(fill(en['savedReplies.uses_other']!, { count: '0' }));

  const contact = inviteLink(['--name', `سارة ${run}`, '--lang', 'ar']);
  await staff.goto(`/en/chat/${contact.chatBoxId}`);
  const composer = staff.getByRole('textbox', { name: en['chat.composerLabel']! });
  await composer.click();
  await composer.pressSequentially(`/greeting ${run}`);
  const list = staff.getByRole('listbox', { name: en['savedReplies.title']! });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(composer).toHaveAttribute('aria-activedescendant', (await list.getByRole('option').first().getAttribute('id'))!);
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.chat-composer').analyze())).toEqual([]);

  await staff.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  const filled = await composer.inputValue();
  expect(filled).toBe(`مرحبًا سارة ${run}، معك Dana Demo. ${baseURL}/ar/chat/${contact.chatBoxId}`);
  await expect(composer).toBeFocused();
  // Still the staff member's to change before it goes.
  await composer.press('End');
  await composer.pressSequentially(' 👋');
  await composer.press('Enter');
  await expect(log(staff, 'en').getByText(`${filled} 👋`)).toBeVisible();

  // Escape shuts the list and keeps what was typed; a query that matches nothing says so and Enter sends nothing.
  await composer.pressSequentially('/');
  await expect(list.getByRole('option').first()).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(composer).toHaveValue('/');
  await composer.pressSequentially(`zzz${run}`);
  await expect(staff.locator('.saved-replies [role=status]')).toHaveText(fill(en['savedReplies.found_other']!, { count: '0' }));

  await staff.goto('/en/staff');
  await expect(manager.getByRole('listitem').filter({ hasText: name })).toContainText(fill(en['savedReplies.uses_one']!, { count: '1' }));
});
