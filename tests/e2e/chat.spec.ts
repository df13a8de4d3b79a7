import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { foyer, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { createAccount, uniqueEmail } from './emulator.ts';
import { composer, log, texts, write } from './chatPage.ts';
import { expect, test } from './fixtures.ts';
import { startTcpProxy } from './tcpProxy.ts';

/** A staff member, signed in through the Auth emulator on the login page of `lang`. */
async function staffPage(browser: Browser, lang: string, name: string): Promise<Page> {
  const t = messages(lang);
  const email = uniqueEmail(name.toLowerCase());
  await createAccount(email, 'correct-horse-1', { name });
  foyer('staff', 'add', email, '--role', 'agent');
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/${lang}/login?next=/${lang}/search`);
  await page.getByLabel(t['login.email']!).fill(email);
  await page.getByLabel(t['login.password']!, { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/${lang}/search`);
  return page;
}

async function contactPage(browser: Browser, lang: string, origin = ''): Promise<{ page: Page; chatBoxId: string }> {
  const invitation = inviteLink(['--name', 'Ana', '--lang', lang]);
  const page = await (await browser.newContext()).newPage();
  await page.goto(origin + invitation.path.replace(/^\/[a-zA-Z-]+\//, `/${lang}/`));
  return { page, chatBoxId: invitation.chatBoxId };
}

for (const lang of ['en', 'ar']) {
  test(`a contact and a staff member chat both ways in ${lang}: messages, typing and read markers`, async ({ browser }) => {
    const t = messages(lang);
    const contact = await contactPage(browser, lang);
    const staff = await staffPage(browser, lang, 'Lee');
    await staff.goto(`/${lang}/chat/${contact.chatBoxId}`);
    await expect(log(contact.page, lang)).toBeVisible();
    await expect(log(staff, lang)).toBeVisible();
    if (lang === 'ar') await expect(contact.page.locator('html')).toHaveAttribute('dir', 'rtl');

    await write(contact.page, lang, 'Hello, I need help with my order');
    await expect(log(staff, lang).getByText('Hello, I need help with my order')).toBeVisible();
    // The contact's own message is not announced to them; the staff member's screen reader hears it.
    await expect(staff.locator('[aria-live="polite"]')).toContainText('Hello, I need help with my order');

    // Staff typing shows on the contact's side.
    await composer(staff, lang).pressSequentially('Sure', { delay: 50 });
    await expect(contact.page.locator('.chat-typing')).toHaveText(fill(t['chat.typing']!, { name: 'Lee' }));
    await composer(staff, lang).press('Enter');
    await expect(log(contact.page, lang).getByText('Sure')).toBeVisible();
    await expect(contact.page.locator('[aria-live="polite"]')).toContainText('Sure');
    // Shift+Enter is a new line, not a send.
    await composer(contact.page, lang).fill('First line');
    await composer(contact.page, lang).press('Shift+Enter');
    await composer(contact.page, lang).pressSequentially('second line');
    await composer(contact.page, lang).press('Enter');
    await expect(log(staff, lang).getByText(/First line\s+second line/)).toBeVisible();

    // Read markers: each side's last message shows read once the other side has it on screen.
    await expect(log(contact.page, lang).getByText(t['chat.read']!, { exact: true })).toBeVisible();
    await expect(log(staff, lang).getByText(t['chat.read']!, { exact: true })).toBeVisible();
    // Markup is text.
    await write(contact.page, lang, '<img src=x onerror=alert(1)>');
    await expect(log(staff, lang).getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect(log(staff, lang).locator('img[src="x"]')).toHaveCount(0);

    // Light and dark (what the theme cookie's inline script sets before anything paints).
    for (const theme of ['light1', 'dark1']) {
      for (const page of [contact.page, staff]) {
        await page.evaluate((value) => (document.documentElement.dataset['theme'] = value), theme);
        const results = await new AxeBuilder({ page }).include('.chat').analyze();
        expect(violationsOf(results), theme).toEqual([]);
      }
    }
  });
}

test('a message over 4,000 characters is refused in the composer, translated, and nothing is sent', async ({ browser }) => {
  const contact = await contactPage(browser, 'de');
  await expect(log(contact.page, 'de')).toBeVisible();
  await composer(contact.page, 'de').fill('x'.repeat(4001));
  await composer(contact.page, 'de').press('Enter');
  await expect(contact.page.getByText(fill(messages('de')['chat.tooLong_one']!, { count: '1' }))).toBeVisible();
  await expect(log(contact.page, 'de').locator('.chat-message')).toHaveCount(0);
});

test('messages written on both sides at once keep one order on both screens', async ({ browser }) => {
  const contact = await contactPage(browser, 'en');
  const staff = await staffPage(browser, 'en', 'Kim');
  await staff.goto(`/en/chat/${contact.chatBoxId}`);
  await expect(log(staff, 'en')).toBeVisible();
  await expect(log(contact.page, 'en')).toBeVisible();
  await Promise.all([
    (async () => {
      for (let i = 0; i < 5; i += 1) await write(contact.page, 'en', `contact ${i}`);
    })(),
    (async () => {
      for (let i = 0; i < 5; i += 1) await write(staff, 'en', `staff ${i}`);
    })(),
  ]);
  await expect.poll(async () => (await texts(contact.page, 'en')).length).toBe(10);
  await expect.poll(async () => (await texts(staff, 'en')).length).toBe(10);
  expect(await texts(contact.page, 'en')).toEqual(await texts(staff, 'en'));
});

test('a contact cut off for 20 s gets the 10 messages sent meanwhile once and in order, and what they wrote goes out once', async ({
  browser,
  baseURL,
}) => {
  const proxy = await startTcpProxy(Number(new URL(baseURL!).port));
  try {
    const contact = await contactPage(browser, 'en', proxy.origin);
    const staff = await staffPage(browser, 'en', 'Ode');
    await staff.goto(`/en/chat/${contact.chatBoxId}`);
    await expect(log(contact.page, 'en')).toBeVisible();
    await expect(log(staff, 'en')).toBeVisible();
    await write(staff, 'en', 'before the cut');
    await expect(log(contact.page, 'en').getByText('before the cut')).toBeVisible();

    proxy.cut();
    for (let i = 1; i <= 10; i += 1) await write(staff, 'en', `while cut ${i}`);
    await write(contact.page, 'en', 'written while cut');
    await expect(log(contact.page, 'en').getByText('written while cut')).toBeVisible();
    await expect(contact.page.getByText(messages('en')['chat.reconnecting']!)).toBeVisible({ timeout: 20_000 });
    await contact.page.waitForTimeout(20_000);
    // Nothing got through the cut.
    await expect(log(staff, 'en').getByText('written while cut')).toHaveCount(0);
    proxy.restore();

    const expected = ['before the cut', ...Array.from({ length: 10 }, (_, i) => `while cut ${i + 1}`)];
    await expect
      .poll(async () => (await texts(contact.page, 'en')).filter((text) => text !== 'written while cut'), { timeout: 30_000 })
      .toEqual(expected);
    await expect(log(staff, 'en').getByText('written while cut')).toHaveCount(1, { timeout: 30_000 });
    await expect(contact.page.getByText(messages('en')['chat.reconnecting']!)).toBeHidden();
    // Once on both screens, also after a reload (the server has one copy).
    await contact.page.reload();
    await expect.poll(async () => (await texts(contact.page, 'en')).filter((text) => text === 'written while cut').length).toBe(1);
    expect((await texts(contact.page, 'en')).filter((text) => text !== 'written while cut')).toEqual(expected);
  } finally {
    await proxy.close();
  }
});

test('25 quick messages: what the send limit holds back waits, the page asks before a reload, and all arrive once', async ({ browser }) => {
  const t = messages('en');
  const contact = await contactPage(browser, 'en');
  await expect(composer(contact.page, 'en')).toBeVisible();
  const sent = Array.from({ length: 25 }, (_, n) => `Quick ${n + 1}`);
  for (const text of sent) await write(contact.page, 'en', text);
  // The limit (20 in 10 s) holds the last ones back: they wait as "Sending…", and leaving now is asked about.
  await expect(log(contact.page, 'en').getByText(t['chat.sending']!).first()).toBeVisible();
  const asked: string[] = [];
  contact.page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await contact.page.reload();
  expect(asked).toEqual(['beforeunload']);
  // After the reload the held ones go out from the outbox when the limit allows: each once, in order.
  await expect(log(contact.page, 'en').locator('.chat-text')).toHaveText(sent, { timeout: 30_000 });
  await expect(log(contact.page, 'en').getByText(t['chat.sending']!)).toHaveCount(0);
  await contact.page.reload();
  await expect(log(contact.page, 'en').locator('.chat-text')).toHaveText(sent);
});

test('the staff inbox lists a conversation with its unread count, counts a new message live, and opens it by keyboard', async ({
  browser,
}) => {
  const t = messages('en');
  const contact = await contactPage(browser, 'en');
  await expect(composer(contact.page, 'en')).toBeVisible();
  await write(contact.page, 'en', 'Is anyone there?');
  await expect(log(contact.page, 'en').getByText(t['chat.sent']!, { exact: true })).toBeVisible();
  const staff = await staffPage(browser, 'en', 'Ines');
  await staff.goto('/en/chat');
  await expect(staff.getByRole('heading', { name: t['inbox.title']! })).toBeVisible({ timeout: 30_000 });
  const entry = staff.locator('.inbox-entry').filter({ hasText: 'Is anyone there?' });
  await expect(entry).toContainText(fill(t['inbox.unread_one']!, { count: '1' }));
  await expect(entry).toContainText(t['inbox.status.open']!);
  await expect(staff).toHaveTitle(/^\(\d+\) /);

  // Live: the contact writes again, and the inbox shows it with a higher count, without a reload.
  await write(contact.page, 'en', 'Hello?');
  const updated = staff.locator('.inbox-entry').filter({ hasText: 'Hello?' });
  await expect(updated).toContainText(fill(t['inbox.unread_other']!, { count: '2' }));
  const results = await new AxeBuilder({ page: staff }).include('.inbox').analyze();
  expect(violationsOf(results)).toEqual([]);

  // Other tests' conversations share this inbox: arrow keys move from the first, then Enter opens this one.
  await staff.locator('.inbox a').first().focus();
  await staff.keyboard.press('ArrowDown');
  await expect(staff.locator('.inbox a').nth(1)).toBeFocused();
  await staff.keyboard.press('ArrowUp');
  await updated.locator('a').focus();
  await staff.keyboard.press('Enter');
  await expect(staff).toHaveURL(`/en/chat/${contact.chatBoxId}`);
  await expect(log(staff, 'en').getByText('Hello?')).toBeVisible();

  // Read and answered: back in the inbox, its count is gone.
  await write(staff, 'en', 'Yes, I am here.');
  await expect(log(contact.page, 'en').getByText('Yes, I am here.')).toBeVisible();
  await staff.goto('/en/chat');
  const answered = staff.locator('.inbox-entry').filter({ hasText: 'Yes, I am here.' });
  await expect(answered).toBeVisible();
  await expect(answered).not.toHaveClass(/inbox-unread/);
});
