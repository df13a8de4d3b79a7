import { expect, test } from '@playwright/test';
import { inviteLink } from './cli.ts';
import { messages } from './content.ts';

const t = messages('en');

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

test('an expired session offers the code form, and a code typed by hand opens it again', async ({ page, context }) => {
  const link = inviteLink(['--name', 'Olga']);
  await page.goto(link.path);
  await expect(page.locator('.session-active')).toBeVisible();
  // Age the stored token past 3540 s: its expiry 50 s from now.
  const name = `foyer_session_${link.chatBoxId}`;
  const stored = (await context.cookies()).find((c) => c.name === name)!;
  const token = decodeURIComponent(stored.value).split(':').slice(1).join(':');
  await context.addCookies([{ ...stored, value: encodeURIComponent(`${Date.now() + 50_000}:${token}`) }]);
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(t['session.ended']!);
  await expect(page.getByLabel(t['session.code']!)).toBeVisible();

  const fresh = inviteLink(['--chat-box', link.chatBoxId], link.email);
  await page.getByLabel(t['session.contactId']!).fill(fresh.contactId);
  await page.getByLabel(t['session.code']!).fill(fresh.code);
  await page.getByRole('button', { name: t['session.continue']! }).click();
  await expect(page.getByText(t['session.chattingAs']!.replace('{{name}}', '\u2068Olga\u2069'))).toBeVisible();
});

test('a wrong code says so, in the page’s language', async ({ page }) => {
  const link = inviteLink();
  await page.goto(`/de/chat/${link.chatBoxId}`);
  const de = messages('de');
  await page.getByLabel(de['session.contactId']!).fill(link.contactId);
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
    // Two full-page axe runs, the second over a whole conversation: slow on a busy two-core machine.
    test.setTimeout(90_000);
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const check = async () => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
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
