/**
 * The staff workspace as a place to work: its own layout (a compact bar, no help-centre search or footer), three
 * panes on wide screens, two on tablets, one on phones, in English and Arabic; the list's filters in the address,
 * kept across opening a conversation, Back and a reload; who wrote the last message in each row; the tab's title;
 * and a signed-out staff member's link that lands on its conversation after sign-in.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { workspaceCookie } from '../../src/lib/staff/workspaceCookie.ts';
import { violationsOf } from './axe.ts';
import { log, openPage, write } from './chatPage.ts';
import { foyer, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { createAccount, uniqueEmail } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const en = messages('en');
const stripIsolates = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

/** A contact who wrote once: their conversation, waiting in the inbox. */
async function waitingContact(page: Page, name: string, text: string) {
  const invitation = inviteLink(['--name', name]);
  const contact = await (await page.context().browser()!.newContext()).newPage();
  await contact.goto(invitation.path);
  await write(contact, 'en', text);
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true }).first()).toBeVisible();
  await contact.context().close();
  return invitation;
}

const panes = (page: Page) => ({
  list: page.locator('.workspace-list'),
  conversation: page.locator('.workspace-conversation'),
  details: page.locator('.workspace-details'),
});

for (const lang of ['en', 'ar'] as const) {
  test(`three panes at 1440 px, two at 1024, one at 390, in ${lang}`, async ({ browser }) => {
    const t = messages(lang);
    const staff = await signedIn(browser, `/${lang}/chat`, demoStaffLogin, lang);
    const ana = await waitingContact(staff, `Pane ${lang}`, `Panes in ${lang}`);
    const row = staff.locator('.inbox-entry').filter({ hasText: `Pane ${lang}` });

    // The workspace's own bar: the staff's places, no help-centre search, no footer.
    await expect(staff.getByRole('navigation', { name: t['workspace.nav']! })).toBeVisible();
    await expect(staff.locator('#header-search')).toHaveCount(0);
    await expect(staff.locator('footer')).toHaveCount(0);

    await staff.setViewportSize({ width: 1440, height: 900 });
    await row.getByRole('link').click();
    await expect(staff).toHaveURL((url) => url.pathname === `/${lang}/chat/${ana.chatBoxId}`);
    const { list, conversation, details } = panes(staff);
    await expect(conversation.getByRole('heading', { level: 2, name: `Pane ${lang}` })).toBeFocused();
    await expect(details.getByRole('link', { name: ana.email })).toBeVisible();
    await expect(list).toBeVisible();
    await expect(staff).toHaveTitle(new RegExp(`Pane ${lang} · ${t['site.name']}$`));
    expect(violationsOf(await new AxeBuilder({ page: staff }).analyze())).toEqual([]);

    await staff.setViewportSize({ width: 1024, height: 768 });
    await expect(list).toBeVisible();
    await expect(conversation).toBeVisible();
    await expect(details).toBeHidden();
    await staff.getByRole('button', { name: t['workspace.showDetails']! }).click();
    await expect(details.getByRole('link', { name: ana.email })).toBeVisible();
    // Their own button closes them (it has the focus), as Escape does; focus goes back to where they were opened.
    await expect(details.getByRole('button', { name: t['workspace.hideDetails']! })).toBeFocused();
    await staff.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(staff.getByRole('button', { name: t['workspace.showDetails']! })).toBeFocused();

    await staff.setViewportSize({ width: 390, height: 844 });
    await expect(list).toBeHidden();
    await expect(conversation).toBeVisible();
    await staff.getByRole('link', { name: t['workspace.back']! }).click();
    await expect(list).toBeVisible();
    await expect(list.getByRole('heading', { level: 2, name: t['inbox.title']! })).toBeFocused();
    await expect(conversation).toBeHidden();
    await expect(staff).toHaveURL((url) => url.pathname === `/${lang}/chat`);
    expect(violationsOf(await new AxeBuilder({ page: staff }).analyze())).toEqual([]);
  });
}

test('filters live in the address: kept when a conversation opens, on Back, and after a reload', async ({ browser }) => {
  const staff = await signedIn(browser, '/en/chat');
  const ana = await waitingContact(staff, 'Filter Ana', 'Where is my parcel?');
  await staff.getByRole('radio', { name: en['inbox.status.open']! }).check();
  await expect(staff).toHaveURL((url) => url.search === '?status=open');
  await staff.locator('.inbox-entry').filter({ hasText: 'Filter Ana' }).getByRole('link').click();
  await expect(staff).toHaveURL((url) => url.pathname === `/en/chat/${ana.chatBoxId}` && url.search === '?status=open');
  await expect(staff.getByRole('radio', { name: en['inbox.status.open']! })).toBeChecked();
  await expect(staff.locator('.inbox-entry a[aria-current="page"]')).toContainText('Filter Ana');

  await staff.goBack();
  await expect(staff).toHaveURL((url) => url.pathname === '/en/chat' && url.search === '?status=open');
  await expect(staff.getByText(en['workspace.noneOpen']!)).toBeVisible();
  await staff.goForward();
  await expect(staff.locator('.workspace-conversation').getByRole('heading', { name: 'Filter Ana' })).toBeVisible();

  await staff.reload();
  await expect(staff.getByRole('radio', { name: en['inbox.status.open']! })).toBeChecked();
  await expect(staff.locator('.workspace-conversation').getByRole('heading', { name: 'Filter Ana' })).toBeVisible();

  // "Waiting for us" (Ana wrote last) and the order join them, and come back with a reload too.
  const waiting = staff.getByRole('checkbox', { name: new RegExp(en['inbox.filter.waiting']!.replace(/ \(.*$/, '')) });
  await waiting.check();
  await staff.getByLabel(en['inbox.sort']!).selectOption('waitingLongest');
  await expect(staff).toHaveURL((url) => url.search === '?status=open&waiting=1&sort=waitingLongest');
  const row = staff.locator('.inbox-entry').filter({ hasText: 'Filter Ana' });
  await expect(row).toContainText(fill(en['inbox.contactWrote']!, { time: '' }).trim());
  await staff.reload();
  await expect(waiting).toBeChecked();
  await expect(staff.getByLabel(en['inbox.sort']!)).toHaveValue('waitingLongest');
  await expect(row).toBeVisible();
});

test('on a phone the list keeps how far it was scrolled: across a conversation and back, and after a reload', async ({ browser }) => {
  const run = Math.random().toString(36).slice(2, 7);
  for (let n = 1; n <= 14; n++) inviteLink(['--no-send-email', '--name', `Scroll ${run} ${n}`]);
  const staff = await signedIn(browser, '/en/chat');
  await staff.setViewportSize({ width: 390, height: 844 });
  const { list } = panes(staff);
  await expect
    .poll(() =>
      staff
        .locator('.inbox-entry')
        .filter({ hasText: `Scroll ${run}` })
        .count(),
    )
    .toBe(14);
  // A row well down the list, in the middle of it (other tests' conversations may come in above it meanwhile: the
  // list keeps what is in view where it was, so the test looks for the row, not for a number of pixels).
  const row = staff.locator('.inbox-entry').filter({ hasText: `Scroll ${run} 3` });
  await row.evaluate((entry) => entry.scrollIntoView({ block: 'center' }));
  expect(await list.evaluate((pane) => pane.scrollTop)).toBeGreaterThan(0);
  await row.getByRole('link').click();
  await expect(list).toBeHidden();
  await staff.getByRole('link', { name: en['workspace.back']! }).click();
  await expect(list).toBeVisible();
  await expect(row).toBeInViewport();
  await staff.reload();
  await expect(row).toBeInViewport();
});

test('each row says who wrote its last message: the contact, "You:", or "Note:"', async ({ browser }) => {
  const staff = await signedIn(browser, '/en/chat');
  await waitingContact(staff, 'Preview Ana', 'First line from Ana\nsecond line');
  const row = staff.locator('.inbox-entry').filter({ hasText: 'Preview Ana' });
  const preview = row.locator('.inbox-preview');
  await expect(preview).toHaveText('First line from Ana');
  await row.getByRole('link').click();

  await write(staff, 'en', 'A reply from us');
  await expect.poll(async () => stripIsolates(await preview.innerText())).toBe(fill(en['inbox.previewYou']!, { text: 'A reply from us' }));

  await staff.getByRole('radio', { name: en['staffTools.internalNote']! }).check();
  await staff.getByLabel(en['staffTools.noteLabel']!).fill('VIP, be kind');
  await staff.getByLabel(en['staffTools.noteLabel']!).press('Enter');
  await expect.poll(async () => stripIsolates(await preview.innerText())).toBe(fill(en['inbox.previewNote']!, { text: 'VIP, be kind' }));
});

for (const how of ['cookie', 'link'] as const) {
  const where = how === 'cookie' ? 'on a browser where they signed in before' : 'from a staff e-mail’s link on a new browser';
  test(`a signed-out staff member’s link to a conversation asks for sign-in, then opens it (${where})`, async ({ browser, baseURL }) => {
    const ana = inviteLink(['--name', `Link Ana ${how}`]);
    const context = await browser.newContext();
    // The workspace's cookie outlives the Firebase sign-in; a staff e-mail's link says `?staff` instead.
    if (how === 'cookie') await context.addCookies([{ name: workspaceCookie, value: '1', url: baseURL! }]);
    const page = await context.newPage();
    const target = `/en/chat/${ana.chatBoxId}${how === 'link' ? '?staff' : ''}`;
    await page.goto(target);
    await expect(page).toHaveURL((url) => url.pathname === '/en/login' && url.searchParams.get('next') === target);
    await page.getByLabel(en['login.email']!).fill(demoStaffLogin.email);
    await page.getByLabel(en['login.password']!, { exact: true }).fill(demoStaffLogin.password);
    await page.getByRole('button', { name: en['login.signIn']!, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/en/chat/${ana.chatBoxId}`);
    await expect(page.locator('.workspace-conversation').getByRole('heading', { name: `Link Ana ${how}` })).toBeVisible();
  });
}

test('an agent works through three open conversations by keyboard alone, resolving each and landing on the next', async ({ browser }) => {
  const token = `kb${Date.now()}`;
  const staff = await signedIn(browser, '/en/chat');
  for (const name of ['Key Ana', 'Key Bo', 'Key Cy']) await waitingContact(staff, name, `${name} asks about ${token}`);
  // A link to a filtered inbox: open conversations that mention the token (newest first: Cy, Bo, Ana).
  await staff.goto(`/en/chat?status=open&q=${token}`);
  const rows = staff.locator('.inbox-entry');
  await expect(rows).toHaveCount(3);
  const heading = staff.locator('.workspace-bar h2');

  await staff.keyboard.press('j');
  await expect(rows.first().getByRole('link')).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(heading).toHaveText('Key Cy');
  await expect(heading).toBeFocused();

  // Typing in the composer is typing: "e" there resolves nothing.
  await staff.keyboard.press('r');
  await expect(staff.getByLabel(en['chat.composerLabel']!)).toBeFocused();
  await staff.keyboard.type('e');
  await expect(staff.getByRole('button', { name: en['staffTools.resolve']! })).toBeVisible();
  await staff.getByLabel(en['chat.composerLabel']!).fill('');
  await staff.getByLabel(en['chat.composerLabel']!).press('Shift+Tab');

  const resolve = staff.getByRole('button', { name: en['staffTools.resolve']! });
  for (const next of ['Key Bo', 'Key Ana']) {
    // A shortcut presses the conversation's own control: once it is there, as a person sees it.
    await expect(resolve).toBeVisible();
    await staff.keyboard.press('e');
    await expect(heading).toHaveText(next);
    await expect(heading).toBeFocused();
  }
  await expect(staff.getByRole('button', { name: en['staffTools.assignToMe']! })).toBeVisible();
  await staff.keyboard.press('a');
  await expect(staff.getByRole('button', { name: en['staffTools.unassign']! })).toBeVisible();
  await expect(resolve).toBeVisible();
  await staff.keyboard.press('e');
  await expect(staff.getByText(en['inbox.noMatches']!)).toBeVisible();

  // `?` lists the shortcuts in a dialog; Escape closes it.
  await staff.keyboard.press('Shift+Slash');
  const dialog = staff.getByRole('dialog', { name: en['shortcuts.title']! });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(en['shortcuts.resolve']!)).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('dialog').analyze())).toEqual([]);
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a colleague’s new invitation appears in another agent’s open list at once, without a reload', async ({ browser }) => {
  const email = uniqueEmail('agent');
  await createAccount(email, 'correct-horse-1', { name: 'Ivo Agent' });
  foyer('staff', 'add', email, '--role', 'agent');
  const ivo = await signedIn(browser, '/en/chat', { email, password: 'correct-horse-1' });
  await expect(ivo.locator('.inbox-entry').first()).toBeVisible();
  let reloads = 0;
  ivo.on('load', () => (reloads += 1));

  const dana = await signedIn(browser, '/en/chat');
  await dana.getByRole('button', { name: en['invite.open']! }).click();
  const dialog = dana.getByRole('dialog', { name: en['invite.title']! });
  await dialog.getByLabel(en['invite.email']!).fill(uniqueEmail('nia'));
  await dialog.getByLabel(en['invite.name']!).fill('Nia Newcomer');
  await dialog.getByRole('radio', { name: en['invite.target.newChatBox']! }).check();
  await dialog.getByRole('button', { name: en['invite.create']! }).click();
  await expect(dialog.getByLabel(en['invite.link']!)).toHaveValue(/\/chat\/cb_/);

  await expect(ivo.locator('.inbox-entry').filter({ hasText: 'Nia Newcomer' })).toBeVisible();
  expect(reloads).toBe(0);
});

test('the history shows staff what staff did, live and after a reload, and shows the contact none of it', async ({ browser }) => {
  const agent = async (name: string) => {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    await createAccount(email, 'correct-horse-1', { name });
    foyer('staff', 'add', email, '--role', 'agent', '--name', name);
    return { email, password: 'correct-horse-1' };
  };
  const dana = await signedIn(browser, '/en/chat', await agent('Dana History'));
  const ivoLogin = await agent('Ivo History');
  const invitation = inviteLink(['--name', 'Hana History']);
  const contact = await openPage(browser, invitation.path);
  await write(contact, 'en', 'Who will help me?');
  const ivo = await signedIn(browser, `/en/chat/${invitation.chatBoxId}`, ivoLogin);
  await expect(log(ivo, 'en').getByText('Who will help me?')).toBeVisible();

  await dana.goto(`/en/chat/${invitation.chatBoxId}`);
  const tools = dana.getByRole('region', { name: en['staffTools.label']! });
  await tools.getByLabel(en['staffTools.assignTo']!).selectOption({ label: 'Ivo History' });
  await tools.getByRole('button', { name: en['staffTools.assign']!, exact: true }).click();
  const assigned = fill(en['history.assigned']!, { by: 'Dana History', name: 'Ivo History' });
  await expect(log(dana, 'en').locator('.chat-activity').filter({ hasText: assigned })).toBeVisible();
  // Live in a colleague's open conversation, with who and when.
  const line = log(ivo, 'en').locator('.chat-activity').filter({ hasText: assigned });
  await expect(line).toBeVisible();
  await expect(line.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  // Resolved by Dana, then reopened by the contact's message (a line after that message).
  await tools.getByRole('button', { name: en['staffTools.resolve']! }).click();
  await expect(log(ivo, 'en').getByText(fill(en['history.resolved']!, { by: 'Dana History' }))).toBeVisible();
  await write(contact, 'en', 'One more thing');
  await expect(log(ivo, 'en').getByText(en['history.reopenedByContact']!)).toBeVisible();
  await ivo.reload();
  await expect(log(ivo, 'en').locator('.chat-activity')).toHaveText([
    new RegExp(assigned),
    new RegExp(fill(en['history.resolved']!, { by: 'Dana History' })),
    new RegExp(en['history.reopenedByContact']!),
  ]);
  await expect(log(ivo, 'en').locator('.chat-text, .chat-activity > span')).toHaveText([
    'Who will help me?',
    assigned,
    fill(en['history.resolved']!, { by: 'Dana History' }),
    'One more thing',
    en['history.reopenedByContact']!,
  ]);

  // The contact: the messages, none of the history, live or after a reload.
  await expect(log(contact, 'en').getByText('One more thing')).toBeVisible();
  await contact.reload();
  await expect(log(contact, 'en').getByText('One more thing')).toBeVisible();
  await expect(log(contact, 'en').locator('.chat-activity')).toHaveCount(0);
  await expect(log(contact, 'en').getByText(/Dana History|Ivo History/)).toHaveCount(0);
});

test('someone signed in who is not on the staff gets a contact’s chat pages, not the workspace', async ({ page }) => {
  const email = uniqueEmail('outsider');
  await createAccount(email, 'correct-horse-1', { name: 'Otto Outsider' });
  await page.goto('/en/login');
  await page.getByLabel(en['login.email']!).fill(email);
  await page.getByLabel(en['login.password']!, { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: en['login.signIn']!, exact: true }).click();
  await expect(page.getByText(fill(en['login.notStaff']!, { email }))).toBeVisible();
  await page.goto('/en/chat');
  await expect(page.locator('.session-form')).toBeVisible();
  await expect(page.locator('.workspace')).toHaveCount(0);
});
