/**
 * Triage in the staff workspace: an admin keeps the tag list on the staff page; an agent tags a conversation, sets
 * its priority and snoozes it (out of the open list, back with "End snooze"), filters the inbox by tag, and
 * resolves two conversations at once from the list, each change a line of the conversation's history.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { log, write } from './chatPage.ts';
import { inviteLink } from './cli.ts';
import { messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const en = messages('en');
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

async function waiting(page: Page, name: string) {
  const invitation = inviteLink(['--name', name]);
  const contact = await (await page.context().browser()!.newContext()).newPage();
  await contact.goto(invitation.path);
  await write(contact, 'en', `Help for ${name}`);
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();
  await contact.context().close();
  return invitation;
}

test('tags, priority, snooze and a bulk resolve, from the tag list on the staff page to the inbox', async ({ browser }) => {
  test.setTimeout(150_000);
  const run = Math.random().toString(36).slice(2, 7);
  const billing = `Billing ${run}`;
  const staff = await signedIn(browser, '/en/staff');
  const manager = staff.getByRole('region', { name: en['tags.title']! });
  for (const name of [billing, `Bug ${run}`]) {
    await manager.getByLabel(en['tags.name']!).fill(name);
    await manager.getByRole('button', { name: en['tags.add']! }).click();
    await expect(manager.getByRole('status')).toHaveText(fill(en['tags.added']!, { name }));
  }
  // The same name again, in another case: refused, in words.
  await manager.getByLabel(en['tags.name']!).fill(billing.toUpperCase());
  await manager.getByRole('button', { name: en['tags.add']! }).click();
  await expect(manager.getByRole('alert')).toHaveText(en['apiError.tag_exists']!);

  const ana = await waiting(staff, `Tia ${run}`);
  const bo = await waiting(staff, `Teo ${run}`);
  await staff.goto(`/en/chat/${ana.chatBoxId}`);
  const tools = staff.getByRole('region', { name: en['staffTools.label']! });
  await tools.getByText(en['triage.editTags']!).click();
  await tools.getByRole('checkbox', { name: billing }).check();
  await expect(tools.locator('.chat-tools-state .tag')).toHaveText([billing]);
  await expect(log(staff, 'en').locator('.chat-activity').filter({ hasText: billing })).toBeVisible();
  await tools.getByText(en['triage.editTags']!).click();

  await tools.getByLabel(en['triage.priority']!).selectOption('urgent');
  const row = (name: string) => staff.locator('.inbox-entry').filter({ hasText: name });
  await expect(row(`Tia ${run}`)).toContainText(en['triage.priority.urgent']!);
  await expect(row(`Tia ${run}`).locator('.tag')).toHaveText([billing]);

  // Snoozed: gone from the open list, listed as snoozed, back with "End snooze".
  await tools.getByLabel(en['triage.snoozeUntil']!).selectOption('hour');
  await tools.getByRole('button', { name: en['triage.snooze']!, exact: true }).click();
  await expect(tools.getByText(/^Snoozed until/)).toBeVisible();
  const list = staff.locator('.workspace-list');
  await list.getByRole('radio', { name: en['inbox.status.open']! }).check();
  await expect(row(`Teo ${run}`)).toBeVisible();
  await expect(row(`Tia ${run}`)).toHaveCount(0);
  await list.getByRole('radio', { name: en['inbox.status.snoozed']! }).check();
  await expect(row(`Tia ${run}`)).toBeVisible();
  await expect(staff).toHaveURL((url) => url.searchParams.get('status') === 'snoozed');
  await tools.getByRole('button', { name: en['triage.unsnooze']! }).click();
  await expect(row(`Tia ${run}`)).toHaveCount(0);
  await expect(log(staff, 'en').locator('.chat-activity')).toHaveText([
    new RegExp(billing),
    new RegExp(en['triage.priority.urgent']!),
    /snoozed this until/,
    /ended the snooze/,
  ]);

  // By tag: only the tagged one, in the address.
  await list.getByRole('radio', { name: en['inbox.filter.all']! }).check();
  await list.getByLabel(en['inbox.filterTag']!).selectOption({ label: billing });
  await expect(row(`Tia ${run}`)).toBeVisible();
  await expect(row(`Teo ${run}`)).toHaveCount(0);
  await expect(staff).toHaveURL((url) => url.searchParams.has('tag'));
  await list.getByLabel(en['inbox.filterTag']!).selectOption('');

  // Both ticked, resolved at once.
  await list.getByRole('radio', { name: en['inbox.status.open']! }).check();
  for (const name of [`Tia ${run}`, `Teo ${run}`]) {
    await list.getByRole('checkbox', { name: fill(en['inbox.select']!, { name }) }).check();
  }
  const bulk = staff.getByRole('region', { name: en['inbox.bulk.label']! });
  await expect(bulk.getByRole('status')).toHaveText(fill(en['inbox.selected_other']!, { count: '2' }));
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.workspace-list').analyze())).toEqual([]);
  await bulk.getByRole('button', { name: en['staffTools.resolve']! }).click();
  await expect(row(`Tia ${run}`)).toHaveCount(0);
  await expect(row(`Teo ${run}`)).toHaveCount(0);
  await expect(bulk).toHaveCount(0);
  await staff.goto(`/en/chat/${bo.chatBoxId}`);
  await expect(staff.getByRole('region', { name: en['staffTools.label']! })).toContainText(en['inbox.status.resolved']!);
});
