/**
 * The chat widget as the organisation's front door, on the demo host page (another site): the help centre's search
 * in the visitor's language with an article read in the panel, articles suggested while a question is written (ar and
 * ja), and a conversation any visitor starts with a code e-mailed to them, which staff answer live, told which article
 * the visitor read first; the e-mail's link opens it as a page, the same one if opened again; the same address again
 * joins its contact without showing anything before the code; five
 * wrong codes end a start; a blocked domain gets no e-mail; with the admins' setting off, the widget offers no start and the API refuses. axe in en
 * and ar.
 *
 * Serial: the last test turns the organisation's setting off and on again, which the others depend on.
 */
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { budgets, bytesOf } from '../budgets.ts';
import { violationsOf } from './axe.ts';
import { weigh } from './builtFiles.ts';
import { composer, log, write } from './chatPage.ts';
import { caughtMailsTo } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';
import { demoHost, foyer, launcher, widget } from './widget.ts';

test.describe.configure({ mode: 'serial' });

const en = messages('en');

/** The widget opened on the demo host page, in `lang`, at its home. */
async function openWidget(page: Page, lang = 'en'): Promise<FrameLocator> {
  const t = messages(lang);
  await page.goto(`${demoHost}/?lang=${lang}`);
  await launcher(page, t['embed.open']).click();
  const frame = widget(page);
  await expect(frame.getByRole('heading', { name: t['widget.title']! })).toBeVisible();
  return frame;
}

/** Writes a question in the start form (its first field), then the name and address, and sends it. */
async function startConversation(frame: FrameLocator, { text, name, email }: { text: string; name: string; email: string }) {
  await frame.getByRole('button', { name: en['widget.sendMessage']! }).click();
  await expect(frame.getByRole('heading', { name: en['start.title']! })).toBeFocused();
  await frame.getByRole('textbox', { name: en['start.message']!, exact: true }).fill(text);
  await frame.getByLabel(en['start.name']!).fill(name);
  await frame.getByLabel(en['start.email']!).fill(email);
  await frame.getByRole('button', { name: en['start.send']!, exact: true }).click();
  await expect(frame.getByRole('heading', { name: en['start.codeTitle']! })).toBeFocused();
}

/** The code of the `nth` e-mail (from 1) caught for the address. */
async function codeFor(email: string, nth = 1): Promise<string> {
  const mail = await simpleParser((await caughtMailsTo(email, nth))[nth - 1]!);
  return mail.text!.match(/^\d{8}$/m)![0];
}

async function enterCode(frame: FrameLocator, code: string) {
  await frame.getByLabel(en['start.code']!).fill(code);
  await frame.getByRole('button', { name: en['start.confirm']! }).click();
}

/** The chat box the widget's frame shows (its address, /{lang}/chatBox/{id}). */
async function framedChatBox(page: Page): Promise<string> {
  await expect.poll(() => page.frames().some((frame) => /\/chatBox\/cb_/.test(frame.url()))).toBe(true);
  return /\/chatBox\/(cb_[^/?#]+)/.exec(
    page
      .frames()
      .find((frame) => /\/chatBox\/cb_/.test(frame.url()))!
      .url(),
  )![1]!;
}

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test('a visitor searches the help centre in German from the widget, reads an article in the panel and votes on it', async ({ page }) => {
  const de = messages('de');
  const frame = await openWidget(page, 'de');
  await page.waitForLoadState('networkidle');
  // Nothing of the search loads before the field is used; then its script, Pagefind and the index's parts for the words.
  const files = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === foyer && !url.pathname.startsWith('/api/')) files.add(url.pathname);
  });
  await frame.getByLabel(de['widget.searchLabel']!).fill('Passwort');
  const result = frame.getByRole('link', { name: 'Passwort zurücksetzen oder ändern' });
  await expect(result).toBeVisible();
  const search = weigh(files);
  expect(search.summary).toMatch(/\/_astro\/search\.[\w-]+\.js/);
  expect(search.summary).toContain('/pagefind/pagefind.js');
  expect(search.total, search.summary).toBeLessThanOrEqual(bytesOf(budgets.widgetSearchFirstUse));
  await result.click();
  await expect(frame.getByRole('heading', { name: 'Passwort zurücksetzen oder ändern', level: 1 })).toBeFocused();
  await expect(frame.getByRole('link', { name: de['widget.openOnSite']! })).toHaveAttribute('href', /\/de\/categories\/.+\/articles\//);
  await frame.getByRole('button', { name: de['helpful.yes']!, exact: true }).click();
  await expect(frame.getByText(de['helpful.thanks']!).first()).toBeVisible();
  // Back where the visitor was: the results, focus on the article they opened.
  await frame.getByRole('button', { name: de['widget.back']! }).click();
  await expect(result).toBeFocused();
  await expect(frame.getByLabel(de['widget.searchLabel']!)).toHaveValue('Passwort');
});

for (const [lang, question, title] of [
  ['ar', 'نسيت كلمة المرور الخاصة بي', 'إعادة تعيين كلمة المرور أو تغييرها'],
  ['ja', 'パスワードを忘れました', 'パスワードをリセットまたは変更する'],
] as const) {
  test(`while a visitor writes in ${lang}, articles in ${lang} that may answer it show; one opens in the panel${lang === 'ar' ? ', axe clean' : ''}`, async ({
    page,
  }) => {
    const t = messages(lang);
    const frame = await openWidget(page, lang);
    await frame.getByRole('button', { name: t['widget.sendMessage']! }).click();
    await frame.getByRole('textbox', { name: t['start.message']!, exact: true }).fill(question);
    const suggestions = frame.getByRole('region', { name: t['start.suggestions']! });
    await expect(suggestions.getByRole('link', { name: title })).toBeVisible();
    expect(await suggestions.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    if (lang === 'ar') {
      await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
      expect(violationsOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
    }
    await suggestions.getByRole('link', { name: title }).click();
    await expect(frame.getByRole('heading', { name: title, level: 1 })).toBeFocused();
    await frame.getByRole('button', { name: t['widget.back']! }).click();
    // The question is still there, as written.
    await expect(frame.getByRole('textbox', { name: t['start.message']!, exact: true })).toHaveValue(question);
  });
}

test('a visitor starts a conversation with the e-mailed code and staff answer live; axe clean on the home and the form', async ({
  page,
  browser,
}) => {
  const frame = await openWidget(page);
  expect(violationsOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await frame.getByRole('button', { name: en['widget.sendMessage']! }).click();
  // Asked without a word: each field says what it needs.
  await frame.getByRole('button', { name: en['start.send']!, exact: true }).click();
  await expect(frame.getByText(en['start.error.message']!)).toBeVisible();
  await expect(frame.getByRole('textbox', { name: en['start.message']!, exact: true })).toBeFocused();
  expect(violationsOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await frame.getByRole('button', { name: en['widget.back']! }).click();
  // An article read first: staff will see it.
  await frame.getByRole('searchbox', { name: en['widget.searchLabel']! }).fill('password');
  await frame.getByRole('link', { name: 'Reset or change your password' }).click();
  await frame.getByRole('button', { name: en['widget.back']! }).click();

  const email = unique('ana');
  await startConversation(frame, { text: 'Where is my parcel?', name: 'Ana Visitor', email });
  await expect(frame.getByText(email)).toBeVisible();
  await enterCode(frame, await codeFor(email));
  await expect(composer(frame, 'en')).toBeVisible();
  await expect(log(frame, 'en').getByText('Where is my parcel?')).toBeVisible();

  const chatBoxId = await framedChatBox(page);
  const staff = await signedIn(browser, `/en/chat/${chatBoxId}`);
  await expect(log(staff, 'en').getByText('Where is my parcel?')).toBeVisible();
  await expect(
    log(staff, 'en').getByText(en['history.articlesRead']!.replace('{{articles}}', '\u2068Reset or change your password\u2069')),
  ).toBeVisible();
  await write(staff, 'en', 'It left our warehouse today.');
  await expect(log(frame, 'en').getByText('It left our warehouse today.')).toBeVisible();
});

test('the same address again joins its contact, and nothing of theirs shows before the code', async ({ browser }) => {
  const email = unique('mia');
  const first = await (await browser.newContext()).newPage();
  const firstFrame = await openWidget(first);
  await startConversation(firstFrame, { text: 'My first question', name: 'Mia First', email });
  await enterCode(firstFrame, await codeFor(email, 1));
  await expect(log(firstFrame, 'en').getByText('My first question')).toBeVisible();
  const firstChatBox = await framedChatBox(first);

  // Another device, the same address under another name.
  const second = await (await browser.newContext()).newPage();
  const frame = await openWidget(second);
  await startConversation(frame, { text: 'My second question', name: 'Someone Else', email });
  await expect(frame.getByText('My first question')).toHaveCount(0);
  await expect(frame.getByText('Mia First')).toHaveCount(0);
  await enterCode(frame, await codeFor(email, 2));
  await expect(log(frame, 'en').getByText('My second question')).toBeVisible();
  await expect(log(frame, 'en').getByText('My first question')).toHaveCount(0);
  const secondChatBox = await framedChatBox(second);
  expect(secondChatBox).not.toBe(firstChatBox);

  // Staff see one contact, by the name it had, with both conversations.
  const staff = await signedIn(browser, `/en/chat/${secondChatBox}`);
  await expect(log(staff, 'en').getByText('My second question')).toBeVisible();
  await expect(staff.getByText('Mia First').first()).toBeVisible();
});

test('the link in the e-mail opens the new conversation as a page; opened again, the same one', async ({ page, browser }) => {
  const email = unique('link');
  const frame = await openWidget(page);
  await startConversation(frame, { text: 'Opened from my mailbox', name: 'Lia Link', email });
  const mail = await simpleParser((await caughtMailsTo(email, 1))[0]!);
  const link = new URL(mail.text!.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/en/chat');

  const mailbox = await (await browser.newContext()).newPage();
  await mailbox.goto(link.pathname + link.search);
  await expect(composer(mailbox, 'en')).toBeVisible();
  await expect(log(mailbox, 'en').getByText('Opened from my mailbox')).toBeVisible();
  // The code is out of the address, which is the conversation's own.
  expect(new URL(mailbox.url()).pathname).toMatch(/^\/en\/chat\/cb_\w+$/);
  expect(new URL(mailbox.url()).search).toBe('');

  // Opened again minutes later (the first answer lost, say): the same conversation, not a second one.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link.pathname + link.search);
  await expect(log(again, 'en').getByText('Opened from my mailbox')).toHaveCount(1);
  expect(new URL(again.url()).pathname).toBe(new URL(mailbox.url()).pathname);
});

test('five wrong codes end a start: the right code no longer opens it', async ({ page }) => {
  const email = unique('wrong');
  const frame = await openWidget(page);
  await startConversation(frame, { text: 'Let me in', name: 'Wrong Codes', email });
  const code = await codeFor(email);
  const wrong = String((Number(code) + 1) % 100_000_000).padStart(8, '0');
  for (let attempt = 0; attempt < 5; attempt++) {
    await enterCode(frame, wrong);
    await expect(frame.getByRole('alert')).toHaveText(en['start.codeNotAccepted']!);
    await expect(frame.getByRole('button', { name: en['start.confirm']! })).toBeEnabled();
  }
  await enterCode(frame, code);
  await expect(frame.getByRole('alert')).toHaveText(en['start.codeNotAccepted']!);
  await expect(composer(frame, 'en')).toHaveCount(0);
});

test('an admin blocks a domain: a visitor there is answered as anyone else and gets no e-mail; unblocked, it is gone', async ({
  page,
  browser,
}) => {
  const domain = `blocked-${Date.now().toString(36)}.example`;
  const staff = await signedIn(browser, '/en/staff');
  const blocked = staff.getByRole('region', { name: en['staffAdmin.blocked.title']! });
  await blocked.getByLabel(en['staffAdmin.blocked.entry']!).fill(domain);
  await blocked.getByRole('button', { name: en['staffAdmin.blocked.add']! }).click();
  const unblock = blocked.getByRole('button', { name: fill(en['staffAdmin.blocked.remove']!, { entry: domain }) });
  await expect(unblock).toBeVisible();

  const email = `visitor@${domain}`;
  const frame = await openWidget(page);
  // The same answer as for any address: the code step.
  await startConversation(frame, { text: 'Hello from a blocked domain', name: 'Bo Blocked', email });
  await expect(caughtMailsTo(email, 1)).rejects.toThrow(/Fewer than 1/);

  await unblock.click();
  await expect(unblock).toHaveCount(0);
  await expect(blocked.getByLabel(en['staffAdmin.blocked.entry']!)).toBeFocused();
});

test('with the admins’ setting off the widget offers no start and the API refuses with its code; on again, it does', async ({
  page,
  browser,
  request,
}) => {
  const staff = await signedIn(browser, '/en/staff');
  const setting = staff.getByLabel(en['staffAdmin.settings.publicChat']!);
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await expect(staff.getByText(en['staffAdmin.mail.saved']!)).toBeVisible();
  try {
    const frame = await openWidget(page);
    await expect(frame.getByRole('button', { name: en['widget.haveCode']! })).toBeVisible();
    await expect(frame.getByRole('button', { name: en['widget.sendMessage']! })).toHaveCount(0);
    const refused = await request.post(`${foyer}/api/chat/start`, {
      data: { lang: 'en', name: 'Nobody', email: unique('off'), text: 'Hello?', clientId: crypto.randomUUID(), token: '' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('public_chat_off');
  } finally {
    await setting.check();
    await expect(setting).toBeChecked();
  }
  const frame = await openWidget(page);
  await expect(frame.getByRole('button', { name: en['widget.sendMessage']! })).toBeVisible();
});
