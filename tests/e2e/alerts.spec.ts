/**
 * Alerts for staff: with the workspace's tab in the background, a contact's message in an unassigned conversation
 * makes a desktop notification (one a conversation: the same tag, so the next replaces it) and a badge on the tab's
 * icon; the staff member's own message makes none, nor does a conversation they muted; clicking the notification
 * opens its conversation. The page's Notification is the browser's own (Playwright grants the permission), wrapped
 * so the test reads what the page made; whether the tab is in front is the test's to say.
 */
import type { Page } from '@playwright/test';
import { log, openPage, write } from './chatPage.ts';
import { inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './staffSignIn.ts';

const en = messages('en');

type Made = { title: string; body: string; tag: string };
const made = (page: Page) =>
  page.evaluate(() => (window as unknown as { made: Made[] }).made.map(({ title, body, tag }) => ({ title, body, tag })));
const toFront = (page: Page, front: boolean) => page.evaluate((value) => ((window as unknown as { front: boolean }).front = value), front);

async function contactWrites(page: Page, name: string, texts: string[]) {
  const invitation = inviteLink(['--no-send-email', '--name', name]);
  const contact = await openPage(page.context().browser()!, invitation.path);
  for (const text of texts) await write(contact, 'en', text);
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true })).toHaveCount(texts.length);
  return { invitation, contact };
}

test('in the background: one notification a conversation, the icon badged, none for a muted one; a click opens it', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ permissions: ['notifications'] });
  await context.addInitScript(() => {
    const page = window as unknown as { front: boolean; made: (Notification & { tag: string })[] };
    page.front = true;
    page.made = [];
    Object.defineProperty(document, 'visibilityState', { get: () => (page.front ? 'visible' : 'hidden') });
    document.hasFocus = () => page.front;
    const Browser = window.Notification;
    class Kept extends Browser {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        page.made.push(this);
      }
    }
    window.Notification = Kept;
  });
  const staff = await context.newPage();
  await signIn(staff, '/en/chat');
  await expect(staff.locator('.inbox-entry').first()).toBeVisible();
  // The menu says notifications are on (the browser allowed them; nothing asked on load).
  await staff.getByRole('button', { name: en['header.signedInAs']! }).click();
  await expect(staff.getByRole('button', { name: en['alerts.on']! })).toBeDisabled();
  await staff.keyboard.press('Escape');

  // A conversation the staff member muted first, while in front.
  const run = Math.random().toString(36).slice(2, 7);
  const quiet = await contactWrites(staff, `Quiet ${run}`, ['First']);
  await staff.goto(`/en/chat/${quiet.invitation.chatBoxId}`);
  const mute = staff.getByRole('button', { name: en['alerts.mute']! });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');

  await toFront(staff, false);
  await write(quiet.contact, 'en', 'Nobody hears this');
  const { invitation, contact } = await contactWrites(staff, `Alert ${run}`, ['Hello?']);
  const title = fill(en['alerts.title']!, { name: `Alert ${run}` });
  await expect.poll(() => made(staff)).toContainEqual({ title, body: 'Hello?', tag: invitation.chatBoxId });
  await write(contact, 'en', 'Anyone there?');
  await expect.poll(() => made(staff)).toContainEqual({ title, body: 'Anyone there?', tag: invitation.chatBoxId });
  expect((await made(staff)).filter((shown) => shown.tag === quiet.invitation.chatBoxId)).toEqual([]);
  await expect(staff.locator('link[rel="icon"]')).toHaveAttribute('href', /%3Ccircle/);

  // The staff member's own message (from their other tab) alerts nobody.
  const before = (await made(staff)).length;
  const other = await context.newPage();
  await other.goto(`/en/chat/${invitation.chatBoxId}`);
  await write(other, 'en', 'Here, one moment');
  await expect(log(contact, 'en').getByText('Here, one moment')).toBeVisible();
  // (Closed: open in front, that tab would read the answer at once, and rightly nothing would alert.)
  await other.close();
  await write(contact, 'en', 'Thanks');
  await expect.poll(() => made(staff)).toContainEqual({ title, body: 'Thanks', tag: invitation.chatBoxId });
  // (Other tests' contacts write too: only this conversation's count.)
  expect(
    (await made(staff))
      .slice(before)
      .filter((shown) => shown.tag === invitation.chatBoxId)
      .map((shown) => shown.body),
  ).toEqual(['Thanks']);

  // Clicked: the tab comes forward on that conversation.
  await staff.evaluate((tag) => {
    const page = window as unknown as { made: Notification[] };
    page.made.findLast((shown) => shown.tag === tag)!.onclick!(new Event('click'));
  }, invitation.chatBoxId);
  await expect(staff).toHaveURL(new RegExp(`/en/chat/${invitation.chatBoxId}`));
  await context.close();
});
