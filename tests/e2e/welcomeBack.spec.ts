/**
 * The way back for a returning contact: their session on this device ended (an hour after the page was last open),
 * so the conversation's page welcomes them by name with one button; the e-mail it sends opens the conversation. An
 * old link whose code was used leads to the same welcome. In en and in ar (right to left, axe clean). Also: leaving
 * asks first, and "Your conversations" with one chat box's session lists it and e-mails a link to all.
 */
import AxeBuilder from '@axe-core/playwright';
import { simpleParser } from 'mailparser';
import { violationsOf } from './axe.ts';
import { composer, log, write } from './chatPage.ts';
import { caughtMailTo, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

for (const lang of ['en', 'ar']) {
  test(`a returning contact gets back with one button and the e-mail's link, and an old link leads there too (${lang})`, async ({
    browser,
  }) => {
    const t = messages(lang);
    const name = lang === 'ar' ? 'سلمى عائدة' : 'Ana Returning';
    const invitation = inviteLink(['--no-send-email', '--lang', lang, '--name', name]);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(invitation.path);
    await write(page, lang, 'Before the break');
    await expect(log(page, lang).getByText(t['chat.sent']!, { exact: true })).toBeVisible();
    // One's own messages say "You"; their avatar has one's own initials.
    if (lang === 'en') await expect(log(page, lang).locator('.chat-mine .chat-avatar').first()).toHaveText('AR');

    // The session ended (its cookie gone, as an hour later): this device still knows who chatted here.
    await context.clearCookies();
    await page.goto(`/${lang}/chat/${invitation.chatBoxId}`);
    const welcome = page.getByRole('heading', { name: fill(t['session.welcomeBack.named']!, { name: `\u2068${name}\u2069` }) });
    await expect(welcome).toBeVisible();
    await expect(page.getByText(t['session.welcomeBack.ended']!, { exact: false })).toBeVisible();
    // The code form is there, folded, for someone with a code.
    await expect(page.getByLabel(t['session.code']!)).toBeHidden();
    expect(violationsOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
    await page.getByRole('button', { name: t['session.welcomeBack.send']! }).click();
    const sent = page.getByRole('status').filter({ hasText: t['session.welcomeBack.sent']! });
    await expect(sent).toBeFocused();
    await expect(page.getByText(invitation.email)).toHaveCount(0);

    const mail = await simpleParser(await caughtMailTo(invitation.email));
    const link = new URL(mail.text!.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe(`/${lang}/chat/${invitation.chatBoxId}`);
    await page.goto(link.pathname + link.search);
    await expect(composer(page, lang)).toBeVisible();
    await expect(log(page, lang).getByText('Before the break')).toBeVisible();

    // The first invitation's link, its code long used: the same welcome, saying so.
    await context.clearCookies();
    await page.goto(invitation.path);
    await expect(welcome).toBeVisible();
    await expect(page.getByText(t['session.welcomeBack.linkUsed']!, { exact: false })).toBeVisible();
    await context.close();
  });
}

test('on a new device the code form stays, and a code typed there is answered by the form', async ({ page }) => {
  const t = messages('en');
  const invitation = inviteLink(['--no-send-email']);
  await page.goto(`/en/chat/${invitation.chatBoxId}`);
  await expect(page.getByRole('heading', { name: t['session.enterCode']! })).toBeVisible();
  await expect(page.getByRole('button', { name: t['session.welcomeBack.send']! })).toHaveCount(0);
  // A used link on a new device names the contact (the link does) but not their name: welcomed without it.
  await page.goto(invitation.path);
  await expect(composer(page, 'en')).toBeVisible();
  const other = await (await page.context().browser()!.newContext()).newPage();
  await other.goto(invitation.path);
  await expect(other.getByRole('heading', { name: t['session.welcomeBack.title']!, exact: true })).toBeVisible();
  await other.getByText(t['session.welcomeBack.haveCode']!).click();
  await other.getByLabel(t['session.code']!).fill('12345678');
  await other.getByRole('button', { name: t['session.continue']! }).click();
  // The form answers in place: its notice focused, the typed code still there to correct.
  const alert = other.getByRole('alert');
  await expect(alert).toHaveText(t['session.codeNotAccepted']!);
  await expect(alert).toBeFocused();
  await expect(other.getByLabel(t['session.code']!)).toHaveValue('12345678');
  await expect(other.getByRole('heading', { name: t['session.welcomeBack.title']!, exact: true })).toBeVisible();
  await other.context().close();
});

test('leaving the conversation on this device is in a menu and asked first', async ({ page }) => {
  const t = messages('en');
  const invitation = inviteLink(['--no-send-email', '--name', 'Lea Leaving']);
  await page.goto(invitation.path);
  await expect(composer(page, 'en')).toBeVisible();
  await expect(page.getByRole('button', { name: t['session.signOut']! })).toBeHidden();
  await page.getByText(t['session.menu']!, { exact: true }).click();
  await page.getByRole('button', { name: t['session.signOut']! }).click();
  const dialog = page.getByRole('dialog', { name: t['session.leave.title']! });
  await expect(dialog).toContainText(t['session.leave.what']!);
  // Stay is where focus starts: Enter changes nothing.
  await expect(dialog.getByRole('button', { name: t['session.leave.stay']! })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(composer(page, 'en')).toBeVisible();
  await page.getByRole('button', { name: t['session.signOut']! }).click();
  await dialog.getByRole('button', { name: t['session.leave.confirm']!, exact: true }).click();
  await expect(page.getByRole('heading', { name: t['session.enterCode']! })).toBeVisible();
  await expect(composer(page, 'en')).toHaveCount(0);
});

test('"Your conversations" from inside a conversation lists it, and e-mails a link to all of them', async ({ page }) => {
  const t = messages('en');
  const invitation = inviteLink(['--no-send-email', '--name', 'Cora Chats']);
  await page.goto(invitation.path);
  await write(page, 'en', 'Where are my other chats?');
  await expect(log(page, 'en').getByText(t['chat.sent']!, { exact: true })).toBeVisible();
  await page.goto('/en/chat');
  const list = page.getByRole('list', { name: t['contactChats.list']! });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list).toContainText('Where are my other chats?');
  await expect(page.getByText(t['contactChats.onlyThisDevice']!)).toBeVisible();
  await page.getByRole('button', { name: t['contactChats.emailAll']! }).click();
  await expect(page.getByRole('status').filter({ hasText: t['session.welcomeBack.sent']! })).toBeFocused();
  const mail = await simpleParser(await caughtMailTo(invitation.email));
  const link = new URL(mail.text!.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/en/chat');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(t['contactChats.onlyThisDevice']!)).toHaveCount(0);
  await expect(page.getByRole('list', { name: t['contactChats.list']! }).getByRole('link')).toHaveCount(1);
  await list.getByRole('link').click();
  await expect(log(page, 'en').getByText('Where are my other chats?')).toBeVisible();
});
