import type { Locator } from '@playwright/test';
import { languages } from '../../src/lib/i18n/languages.ts';
import { violationsOf } from './axe.ts';
import { inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';

const t = messages('en');

/**
 * Whether `text` inside the element shows left to right: its first character is drawn left of its last (a
 * right-to-left run would put "/ar/chat" as "ar/chat/" and "ct_" as "_ct").
 */
function readsLeftToRight(element: Locator, text: string): Promise<boolean> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const box = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect();
      };
      return box(at).left < box(at + wanted.length - 1).left;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, text);
}

test('an invitation link made by the command-line tool opens a session and leaves no cs_ parameter', async ({ page, context }) => {
  const link = inviteLink(['--name', 'Mira']);
  await page.goto(`${link.path}&utm_source=mail#top`);
  await expect(page.getByText(t['session.chattingAs']!.replace('{{name}}', '\u2068Mira\u2069'))).toBeVisible();
  const url = new URL(page.url());
  expect([...url.searchParams.keys()]).toEqual(['utm_source']);
  expect(url.hash).toBe('#top');
  const cookie = (await context.cookies()).find((c) => c.name === `foyer_session_${link.chatBoxId}`);
  expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
  const minutes = (cookie!.expires - Date.now() / 1000) / 60;
  expect(minutes).toBeGreaterThan(59);
  expect(minutes).toBeLessThanOrEqual(60);
});

test('a link to another person’s conversation asks first; staying keeps the session and leaves the link unused', async ({ page }) => {
  const ana = inviteLink(['--name', 'Ana']);
  const bo = inviteLink(['--name', 'Bo']);
  await page.goto(ana.path);
  await expect(page.getByText(fill(t['session.chattingAs']!, { name: '\u2068Ana\u2069' }))).toBeVisible();

  // Bo's link (sent to Ana by someone, or opened on a shared computer): nothing happens before Ana answers.
  await page.goto(bo.path);
  const question = page.getByRole('group').filter({ hasText: fill(t['session.otherContact.question']!, { name: '\u2068Ana\u2069' }) });
  await expect(question).toBeFocused();
  expect([...new URL(page.url()).searchParams.keys()]).toEqual([]);
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).include('.session').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']).analyze();
  expect(violationsOf(results)).toEqual([]);
  await question.getByRole('button', { name: fill(t['session.otherContact.stay']!, { name: '\u2068Ana\u2069' }) }).click();
  // Back in Ana's own conversation, the page of her chat box.
  await expect(page).toHaveURL((url) => url.pathname === `/en/chat/${ana.chatBoxId}`);
  await expect(page.getByText(fill(t['session.chattingAs']!, { name: '\u2068Ana\u2069' }))).toBeVisible();

  // The code was not spent: opening the link again and saying so opens Bo's conversation.
  await page.goto(bo.path);
  await page.getByRole('button', { name: t['session.otherContact.open']! }).click();
  await expect(page.getByText(fill(t['session.chattingAs']!, { name: '\u2068Bo\u2069' }))).toBeVisible();
  // Bo's own link again, now that this device is Bo's: no question.
  const again = inviteLink(['--chat-box', bo.chatBoxId], bo.email);
  await page.goto(again.path);
  await expect(page.getByText(fill(t['session.chattingAs']!, { name: '\u2068Bo\u2069' }))).toBeVisible();
  await expect(page.getByRole('button', { name: t['session.otherContact.open']! })).toHaveCount(0);
});

test('a second tab restores the session from cookies', async ({ page, context }) => {
  const link = inviteLink(['--name', 'Tab']);
  await page.goto(link.path);
  await expect(page.locator('.session-active')).toBeVisible();
  const second = await context.newPage();
  await second.goto(`/en/chat/${link.chatBoxId}`);
  await expect(second.getByText(t['session.chattingAs']!.replace('{{name}}', '\u2068Tab\u2069'))).toBeVisible();
});

test('a page-session link opens /{lang}/chat', async ({ page }) => {
  const link = inviteLink(['--page', '--name', 'Paget']);
  expect(link.path).toMatch(/^\/en\/chat\?/);
  await page.goto(link.path);
  await expect(page.getByRole('heading', { name: t['session.titlePage']! })).toBeVisible();
  await expect(page.getByText(t['session.chattingAs']!.replace('{{name}}', '\u2068Paget\u2069'))).toBeVisible();
});

test('an expired session welcomes the contact back, and a code typed by hand opens it again', async ({ page, context }) => {
  const link = inviteLink(['--name', 'Olga']);
  await page.goto(link.path);
  await expect(page.locator('.session-active')).toBeVisible();
  // Age the stored token past 3540 s: its expiry 50 s from now.
  const name = `foyer_session_${link.chatBoxId}`;
  const stored = (await context.cookies()).find((c) => c.name === name)!;
  const token = decodeURIComponent(stored.value).split(':').slice(1).join(':');
  await context.addCookies([{ ...stored, value: encodeURIComponent(`${Date.now() + 50_000}:${token}`) }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: fill(t['session.welcomeBack.named']!, { name: '\u2068Olga\u2069' }) })).toBeVisible();
  await page.getByText(t['session.welcomeBack.haveCode']!).click();
  await expect(page.getByLabel(t['session.code']!)).toBeVisible();

  const fresh = inviteLink(['--chat-box', link.chatBoxId], link.email);
  // The ended session's id is filled in: only the code is typed.
  await expect(page.getByLabel(t['session.yourId']!)).toHaveValue(link.contactId);
  await page.getByLabel(t['session.code']!).fill(fresh.code);
  await page.getByRole('button', { name: t['session.continue']! }).click();
  await expect(page.getByText(t['session.chattingAs']!.replace('{{name}}', '\u2068Olga\u2069'))).toBeVisible();
  // Focus goes to the result, not back to the document (where the next Tab would land on the skip link).
  await expect(page.locator('.session-active')).toBeFocused();
});

test('every language’s header links to “Your conversations”, /{lang}/chat', async ({ request }) => {
  for (const lang of languages) {
    const html = await (await request.get(`/${lang}`)).text();
    const link = /<a href="([^"]+)" data-contact-chats[^>]*>([\s\S]*?)<\/a>/.exec(html);
    expect(link?.[1], lang).toBe(`/${lang}/chat`);
    expect(link?.[2]?.replace(/<[^>]+>/g, '').trim(), lang).toBe(messages(lang)['session.titlePage']);
  }
});

test('an invitation link pasted into the form fills both fields and opens its conversation, never in the address', async ({ page }) => {
  const link = inviteLink(['--name', 'Pasted']);
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  await page.goto('/en');
  await page.getByRole('link', { name: t['session.titlePage']! }).click();
  await expect(page).toHaveURL(/\/en\/chat$/);
  await page.getByLabel(t['session.code']!).fill(`https://help.example.com${link.path}`);
  await expect(page.getByLabel(t['session.yourId']!)).toHaveValue(link.contactId);
  await expect(page.getByLabel(t['session.code']!)).toHaveValue(link.code);
  await page.getByRole('button', { name: t['session.continue']! }).click();
  await expect(page).toHaveURL(new RegExp(`/en/chat/${link.chatBoxId}$`));
  await expect(page.getByText(t['session.chattingAs']!.replace('{{name}}', '\u2068Pasted\u2069'))).toBeVisible();
  expect(addresses.filter((address) => address.includes('cs_'))).toEqual([]);
});

test('the code form says what is wrong under each field, in the page’s language, and moves focus there', async ({ page }) => {
  const link = inviteLink();
  const ar = messages('ar');
  await page.goto(`/ar/chat/${link.chatBoxId}`);
  const id = page.getByLabel(ar['session.yourId']!);
  const code = page.getByLabel(ar['session.code']!);
  const idError = (key: string) => fill(ar[key]!, { prefix: 'ct_' });
  await page.getByRole('button', { name: ar['session.continue']! }).click();
  await expect(id).toBeFocused();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await id.getAttribute('aria-describedby'))!.split(' ');
  await expect(page.locator(`[id="${describedBy.at(-1)}"]`)).toHaveText(idError('session.error.idMissing'));
  await expect(page.getByText(ar['session.error.codeMissing']!)).toBeVisible();
  // The browser's own bubbles never show: the form is not checked by the browser.
  expect(await page.locator('.session-form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);

  await id.fill('hello');
  await code.fill('12345678');
  await page.getByRole('button', { name: ar['session.continue']! }).click();
  await expect(page.getByText(idError('session.error.idInvalid'))).toBeVisible();
  await expect(id).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'false');

  await id.fill(link.contactId);
  await code.fill('0000000');
  await page.getByRole('button', { name: ar['session.continue']! }).click();
  await expect(page.getByText(ar['session.error.codeInvalid']!)).toBeVisible();
  await expect(code).toBeFocused();

  await code.fill('00000000');
  await page.getByRole('button', { name: ar['session.continue']! }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(ar['session.codeNotAccepted']!);
  await expect(alert).toHaveClass(/notice-error/);
  await expect(alert).toBeFocused();
});

for (const lang of ['ar', 'he']) {
  test(`code and ids read left to right in ${lang}, in an article and in the code form`, async ({ page }) => {
    await page.goto(`/${lang}/categories/chatting-with-us/articles/open-your-conversation`);
    const path = page.locator('main code', { hasText: new RegExp(`^/${lang}/chat$`) }).first();
    expect(await readsLeftToRight(path, `/${lang}/chat`)).toBe(true);
    await page.goto(`/${lang}/chat`);
    const hint = page.locator('.session-form .field small.muted').first();
    expect(await readsLeftToRight(hint, 'ct_')).toBe(true);
  });
}

test('a wrong code says so, in the page’s language', async ({ page }) => {
  const link = inviteLink();
  await page.goto(`/de/chat/${link.chatBoxId}`);
  const de = messages('de');
  await page.getByLabel(de['session.yourId']!).fill(link.contactId);
  await page.getByLabel(de['session.code']!).fill('00000000');
  await page.getByRole('button', { name: de['session.continue']! }).click();
  await expect(page.getByRole('alert')).toHaveText(de['session.codeNotAccepted']!);
});

test('a malformed chat box id is the seed’s 404 "Page Not Found: {path}"', async ({ page }) => {
  for (const path of ['/en/chat/not-an-id', '/en/chatBox/cb_short', '/en/chat/page', '/en/chatBox/page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('h1')).toHaveText(`Page Not Found: \u2068${path}\u2069 (404)`);
  }
  // Not a chat route at all: the generic routing's wording.
  expect((await page.goto('/xx/chat'))?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found: \u2068/xx/chat\u2069 (404)');
});

test('the widget has no site header and may only be framed by configured origins', async ({ page, request }) => {
  const link = inviteLink(['--name', 'Widget']);
  await page.goto(link.path.replace('/chat/', '/chatBox/'));
  await expect(page.locator('.session-active')).toBeVisible();
  await expect(page.locator('header.site-header')).toHaveCount(0);
  const headers = (await request.get(`/en/chatBox/${link.chatBoxId}`)).headers();
  expect(headers['content-security-policy']).toContain('frame-ancestors');
  expect(headers['x-frame-options']).toBeUndefined();
});

for (const lang of ['en', 'ar', 'he']) {
  test(`the session page in ${lang} passes axe, with the code form and with a session open`, async ({ page }) => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const check = async () => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(violationsOf(results)).toEqual([]);
    };
    const link = inviteLink(['--name', 'Axe']);
    await page.goto(`/${lang}/chat/${link.chatBoxId}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'en' ? 'ltr' : 'rtl');
    await expect(page.locator('.session-form')).toBeVisible();
    await check();
    await page.goto(link.path.replace('/en/', `/${lang}/`));
    await expect(page.locator('.session-active')).toBeVisible();
    await check();
  });
}
