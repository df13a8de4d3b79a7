/**
 * Triage in the staff workspace: an admin keeps the tag list on the staff page; an agent tags a conversation, sets
 * its priority and snoozes it (out of the open list, back with "End snooze"), filters the inbox by tag, and
 * resolves two conversations at once from the list, each change a line of the conversation's history; by keyboard
 * (x ticks a row) and "select all", a tag goes on and comes off several at once and they go to a colleague.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { log, write } from './chatPage.ts';
import { foyer, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { uniqueEmail } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const en = messages('en');

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
  // s on a snoozed conversation: to "End snooze".
  await staff.keyboard.press('s');
  await expect(tools.getByRole('button', { name: en['triage.unsnooze']! })).toBeFocused();
  await staff.keyboard.press('Enter');
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
  await expect(bulk.locator('.inbox-bulk-count')).toHaveText(fill(en['inbox.selected_other']!, { count: '2' }));
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.workspace-list').analyze())).toEqual([]);
  await bulk.getByRole('button', { name: en['staffTools.resolve']! }).click();
  await expect(row(`Tia ${run}`)).toHaveCount(0);
  await expect(row(`Teo ${run}`)).toHaveCount(0);
  await expect(bulk).toHaveCount(0);
  await staff.goto(`/en/chat/${bo.chatBoxId}`);
  await expect(staff.getByRole('region', { name: en['staffTools.label']! })).toContainText(en['inbox.status.resolved']!);
  // s on a resolved conversation says why nothing happened.
  await staff.keyboard.press('s');
  await expect(staff.getByRole('status').filter({ hasText: en['shortcuts.snoozeOpenOnly']! })).toHaveCount(1);
});

test('x ticks rows, "select all" ticks the rest, and a tag goes on, comes off, and a colleague takes them', async ({ browser }) => {
  test.setTimeout(150_000);
  const run = Math.random().toString(36).slice(2, 7);
  const tag = `Bulk ${run}`;
  const colleague = `Cleo ${run}`;
  foyer('staff', 'add', uniqueEmail('cleo'), '--role', 'agent', '--name', colleague);
  const staff = await signedIn(browser, '/en/staff');
  const manager = staff.getByRole('region', { name: en['tags.title']! });
  await manager.getByLabel(en['tags.name']!).fill(tag);
  await manager.getByRole('button', { name: en['tags.add']! }).click();
  await expect(manager.getByRole('status')).toHaveText(fill(en['tags.added']!, { name: tag }));
  const names = ['Kai', 'Lou', 'Max'].map((name) => `${name} ${run}`);
  for (const name of names) await waiting(staff, name);

  // Searched for this run's words, the list shows its three conversations only.
  await staff.goto(`/en/chat?q=${run}`);
  const row = (name: string) => staff.locator('.inbox-entry').filter({ hasText: name });
  await expect(staff.locator('.inbox-entry')).toHaveCount(3);
  const bulk = staff.getByRole('region', { name: en['inbox.bulk.label']! });
  const selected = (count: number) => fill(en[count === 1 ? 'inbox.selected_one' : 'inbox.selected_other']!, { count: String(count) });
  // The count's live region is in the page before the first tick, so that tick is heard.
  const heard = staff.locator('.inbox-bulk-live[role="status"]');
  await expect(heard).toHaveText('');
  await row(names[0]!).getByRole('link').focus();
  await staff.keyboard.press('x');
  await expect(heard).toHaveText(selected(1));
  // "Select all" goes once all are ticked: the focus goes to the count, not lost.
  await bulk.getByRole('button', { name: fill(en['inbox.bulk.selectAll_other']!, { count: '3' }) }).click();
  await expect(heard).toHaveText(selected(3));
  await expect(bulk.locator('.inbox-bulk-count')).toBeFocused();
  await bulk.getByLabel(en['inbox.bulk.tag']!).selectOption({ label: tag });
  await bulk.getByRole('button', { name: en['inbox.bulk.addTag']! }).click();
  for (const name of names) await expect(row(name).locator('.tag')).toHaveText([tag]);

  // Two ticked by keyboard, and again to untick: the tag comes off those two only.
  for (const name of names) {
    await row(name).getByRole('link').focus();
    await staff.keyboard.press('x');
  }
  await row(names[2]!).getByRole('link').focus();
  await staff.keyboard.press('x');
  await expect(heard).toHaveText(selected(2));
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.inbox-bulk').analyze())).toEqual([]);
  await bulk.getByLabel(en['inbox.bulk.tag']!).selectOption({ label: tag });
  await bulk.getByRole('button', { name: en['inbox.bulk.removeTag']! }).click();
  await expect(row(names[0]!).locator('.tag')).toHaveCount(0);
  await expect(row(names[1]!).locator('.tag')).toHaveCount(0);
  await expect(row(names[2]!).locator('.tag')).toHaveText([tag]);

  // All three to a colleague.
  await row(names[0]!).getByRole('checkbox').check();
  await bulk.getByRole('button', { name: fill(en['inbox.bulk.selectAll_other']!, { count: '3' }) }).click();
  await bulk.getByLabel(en['staffTools.assignTo']!).selectOption({ label: colleague });
  await bulk.getByRole('button', { name: en['staffTools.assign']!, exact: true }).click();
  for (const name of names) await expect(row(name)).toContainText(fill(en['inbox.assignedTo']!, { name: colleague }));
  await expect(bulk).toHaveCount(0);
});
