/**
 * The contact's conversation as a chat app: on a desktop and on phones the page is the screen's height, the composer
 * at the bottom and the last message on screen without scrolling the page, also with a phone's keyboard open (the
 * visible height shrinks); an empty room says who the contact is talking to and that someone will answer; the "New
 * messages" divider stands above the first unread reply, before its sender's name, and goes once the contact answers.
 */
import type { Browser, Page } from '@playwright/test';
import { composer, log, write } from './chatPage.ts';
import { foyer, inviteLink } from './cli.ts';
import { messages } from './content.ts';
import { createAccount, uniqueEmail } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const en = messages('en');

/**
 * Where the composer and the newest message are, against the screen, and whether the page itself scrolls; null
 * while the conversation is not on the page (just reloaded), so a poll asks again.
 */
function layout(page: Page) {
  return page.evaluate(() => {
    const parts = [
      document.querySelector('.chat-log'),
      [...document.querySelectorAll('.chat-message')].at(-1),
      document.querySelector('.chat-composer textarea'),
    ];
    if (parts.some((part) => !part)) return null;
    const [chatLog, newest, field] = parts.map((part) => part!.getBoundingClientRect()) as [DOMRect, DOMRect, DOMRect];
    return {
      pageScrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
      composerShown: field.top >= 0 && field.bottom <= innerHeight,
      newestShown: newest.top >= chatLog.top - 1 && newest.bottom <= chatLog.bottom + 1 && newest.bottom <= field.top,
    };
  });
}

/** A new agent, named, who writes once to a contact: one of the staff a quiet conversation's team line names. */
async function agentWrites(browser: Browser, name: string, chatBoxId: string) {
  const login = { email: uniqueEmail('agent'), password: 'correct-horse-1' };
  await createAccount(login.email, login.password, { name });
  foyer('staff', 'add', login.email, '--role', 'agent');
  const page = await signedIn(browser, `/en/chat/${chatBoxId}`, login);
  await write(page, 'en', `Hello from ${name}`);
  await expect(log(page, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();
  await page.context().close();
}

test('the conversation fills the screen: composer and newest message in view on a desktop, phones and above the keyboard', async ({
  browser,
}) => {
  // The tallest the lines above the log get: a team line naming three people with long names (the staff who answered
  // contacts lately, as on a busy team) and, nobody having answered here, the line that someone will.
  const elsewhere = inviteLink(['--no-send-email', '--name', 'Elsewhere']);
  for (const name of ['Alexandra Whitfield', 'Maximilian Okonkwo', 'Guadalupe Fernández'])
    await agentWrites(browser, name, elsewhere.chatBoxId);
  const invitation = inviteLink(['--no-send-email', '--name', 'Lin Layout']);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(invitation.path);
  // Enough to fill any of these screens twice over.
  for (let n = 1; n <= 12; n++) await write(page, 'en', `Line ${n}: a message long enough to wrap on a phone's narrow screen`);
  await expect(log(page, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
    [320, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(log(page, 'en').locator('.chat-message')).toHaveCount(12);
    await expect.poll(() => layout(page), `${width} × ${height}`).toEqual({ pageScrolls: false, composerShown: true, newestShown: true });
  }

  // A phone's keyboard takes the lower part of the screen: what stays visible still holds the composer and the
  // newest message, and the page does not scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(log(page, 'en').locator('.chat-message')).toHaveCount(12);
  await composer(page, 'en').focus();
  await page.setViewportSize({ width: 390, height: 844 - 336 });
  await expect.poll(() => layout(page), 'keyboard open').toEqual({ pageScrolls: false, composerShown: true, newestShown: true });
  await expect(composer(page, 'en')).toBeFocused();
});

test('an empty room says who answers; "New messages" stands above the first unread reply, before its sender, and goes once the contact answers', async ({
  browser,
}) => {
  const invitation = inviteLink(['--no-send-email', '--name', 'Ned Divider']);
  const contact = await (await browser.newContext()).newPage();
  await contact.goto(invitation.path);
  // Before anyone answers: who the contact is talking to, and that someone will answer (and e-mail: the test server
  // sends mail to its catcher).
  await expect(contact.locator('.chat-team')).toContainText(en['chat.team.title']!.replace('{{organisation}}', en['site.name']!));
  await expect(contact.locator('.chat-waiting')).toHaveText(`${en['chat.team.willAnswer']} ${en['chat.team.willEmail']}`);
  await write(contact, 'en', 'Is anyone there?');
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();
  await contact.close();

  // Two replies while the contact is away: one run of the same sender.
  const staff = await signedIn(browser, `/en/chat/${invitation.chatBoxId}`);
  for (const text of ['Yes, hello!', 'How can I help?']) {
    await write(staff, 'en', text);
    await expect(log(staff, 'en').getByText(text)).toBeVisible();
  }
  // Stored, not only shown: closing the page while the second still sends would leave it in the staff's outbox.
  await expect(
    log(staff, 'en').locator('.chat-message', { hasText: 'How can I help?' }).getByText(en['chat.sent']!, { exact: true }),
  ).toBeVisible();
  await staff.context().close();

  const back = await contact.context().newPage();
  await back.goto(`/en/chat/${invitation.chatBoxId}`);
  const divider = log(back, 'en').locator('.chat-divider');
  await expect(divider).toHaveText(en['chat.newMessages']!);
  // Right after the divider: the replies' run, its sender's name first, then both replies.
  const run = log(back, 'en').locator('.chat-divider + .chat-run');
  await expect(run.locator('.chat-sender')).toBeVisible();
  await expect(run.locator('.chat-text')).toHaveText(['Yes, hello!', 'How can I help?']);
  // Answered: the one who wrote is named first, with their face; the waiting line is gone.
  await expect(run.locator('.chat-sender')).not.toHaveText(en['chat.staffMember']!);
  const writer = (await run.locator('.chat-sender').textContent())!;
  await expect(back.locator('.chat-team-text .muted')).toContainText(writer);
  await expect(back.locator('.chat-team-faces .chat-avatar').first()).toBeVisible();
  await expect(back.locator('.chat-waiting')).toHaveCount(0);

  await write(back, 'en', 'My order is late');
  await expect(log(back, 'en').getByText('My order is late')).toBeVisible();
  await expect(divider).toHaveCount(0);
});
