/**
 * Files in a conversation, as people send them: a contact pastes two screenshots (en, and ar and he right to left)
 * and staff see them live, open them full size, move between them with the arrow keys and come back with Escape; a
 * PDF goes both ways through the attach button; an upload cut by a lost connection starts again by itself and makes
 * one message; a file over the limit is refused in the page's language; an SVG with a script cannot run.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { composer, log } from './chatPage.ts';
import { inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';
import { startTcpProxy } from './tcpProxy.ts';

async function contactPage(browser: Browser, lang: string, origin = ''): Promise<{ page: Page; chatBoxId: string }> {
  const invitation = inviteLink(['--name', 'Ana', '--lang', lang]);
  const page = await (await browser.newContext()).newPage();
  await page.goto(origin + invitation.path.replace(/^\/[a-zA-Z-]+\//, `/${lang}/`));
  return { page, chatBoxId: invitation.chatBoxId };
}

/** A screenshot on the clipboard, pasted into the composer (what Ctrl+V does with one). */
async function pasteScreenshot(page: Page, lang: string, name: string, colour: string) {
  await composer(page, lang).focus();
  await page.evaluate(
    async ({ name, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 400;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, 640, 400);
      const blob = await new Promise<Blob>((done) => canvas.toBlob((made) => done(made!), 'image/png'));
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], name, { type: 'image/png' }));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { name, colour },
  );
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

for (const lang of ['en', 'ar', 'he']) {
  test(`a contact pastes screenshots and staff see them live, full size, in ${lang}`, async ({ browser }) => {
    const t = messages(lang);
    const contact = await contactPage(browser, lang);
    const staff = await signedIn(browser, '/en/chat', undefined, 'en');
    await staff.goto(`/en/chat/${contact.chatBoxId}`);
    await expect(log(contact.page, lang)).toBeVisible();
    await expect(log(staff, 'en')).toBeVisible();

    await pasteScreenshot(contact.page, lang, 'image.png', '#c33');
    await pasteScreenshot(contact.page, lang, 'image-2.png', '#36c');
    const staged = contact.page.getByRole('list', { name: t['chat.files.staged']! });
    await expect(staged.getByRole('listitem')).toHaveCount(2);
    await staged.getByLabel(fill(t['chat.files.caption']!, { name: 'image.png' })).fill('The error');
    await staged.getByLabel(fill(t['chat.files.caption']!, { name: 'image-2.png' })).fill('Closer');
    if (lang !== 'en') expect(violationsOf(await new AxeBuilder({ page: contact.page }).include('.chat').analyze())).toEqual([]);
    await composer(contact.page, lang).press('Enter');
    await expect(staged).toHaveCount(0);

    // Staff: the pictures in the conversation at their size, announced; open, move, close with Escape, focus back.
    const picture = log(staff, 'en').getByRole('button', { name: 'The error' });
    await expect(picture).toBeVisible();
    await expect(picture.locator('img')).toHaveAttribute('width', '240');
    await expect(picture.locator('img')).toHaveAttribute('height', '150');
    await expect.poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await expect(staff.locator('[aria-live="polite"]').last()).toContainText('The error');
    await picture.click();
    const viewer = staff.getByRole('dialog', { name: messages('en')['chat.files.viewer']! });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'The error' })).toBeVisible();
    expect(violationsOf(await new AxeBuilder({ page: staff }).include('.picture-viewer').analyze())).toEqual([]);
    const en = messages('en');
    await expect(viewer.getByRole('button', { name: en['chat.files.close']! })).toBeFocused();
    await staff.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('img', { name: 'Closer' })).toBeVisible();
    await expect(viewer).toContainText(fill(en['chat.files.position']!, { n: 2, total: 2 }));
    // "Next" pressed to reach the last picture is disabled there; the focus stays in the dialog, so the keys still work.
    await staff.keyboard.press('ArrowLeft');
    await viewer.getByRole('button', { name: en['chat.files.next']! }).click();
    await expect(viewer.getByRole('img', { name: 'Closer' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: en['chat.files.close']! })).toBeFocused();
    await staff.keyboard.press('ArrowLeft');
    await expect(viewer.getByRole('img', { name: 'The error' })).toBeVisible();
    await staff.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(picture).toBeFocused();

    // The contact sees their own pictures, in place; in right-to-left pages the left arrow moves forward.
    const own = log(contact.page, lang).getByRole('button', { name: 'The error' });
    await expect(own.locator('img')).toBeVisible();
    if (lang !== 'en') expect(violationsOf(await new AxeBuilder({ page: contact.page }).include('.chat').analyze())).toEqual([]);
    await own.click();
    const theirs = contact.page.getByRole('dialog', { name: t['chat.files.viewer']! });
    await expect(theirs.getByRole('button', { name: t['chat.files.close']! })).toBeFocused();
    await contact.page.keyboard.press(lang === 'en' ? 'ArrowRight' : 'ArrowLeft');
    await expect(theirs.getByRole('img', { name: 'Closer' })).toBeVisible();
    await contact.page.keyboard.press('Escape');
    await expect(own).toBeFocused();
  });
}

test('a PDF goes both ways through the attach button, as a download link', async ({ browser }) => {
  const t = messages('en');
  const contact = await contactPage(browser, 'en');
  const staff = await signedIn(browser, '/en/chat');
  await staff.goto(`/en/chat/${contact.chatBoxId}`);
  await expect(log(contact.page, 'en')).toBeVisible();

  await staff.getByLabel(t['chat.files.attach']!).setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf });
  await composer(staff, 'en').fill('Please fill this in');
  await composer(staff, 'en').press('Enter');
  const link = log(contact.page, 'en').getByRole('link', { name: /form\.pdf/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  const answer = await contact.page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="form.pdf"/);
  expect((await answer.body()).equals(pdf)).toBe(true);

  await contact.page.getByLabel(t['chat.files.attach']!).setInputFiles({ name: 'filled.pdf', mimeType: 'application/pdf', buffer: pdf });
  // A second file dropped on the conversation joins the first; one is removed again before sending.
  await contact.page.locator('.chat').evaluate((chat) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['not this one'], 'draft.txt', { type: 'text/plain' }));
    chat.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    chat.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  const staged = contact.page.getByRole('list', { name: t['chat.files.staged']! });
  await expect(staged.getByRole('listitem')).toHaveCount(2);
  await staged.getByRole('button', { name: fill(t['chat.files.remove']!, { name: 'draft.txt' }) }).click();
  await expect(staged.getByRole('listitem')).toHaveCount(1);
  await composer(contact.page, 'en').press('Enter');
  await expect(log(staff, 'en').getByRole('link', { name: /filled\.pdf/ })).toBeVisible();
  await expect(log(staff, 'en').getByRole('link', { name: /draft\.txt/ })).toHaveCount(0);
});

test('an upload cut by a lost connection starts again by itself, and the message arrives once', async ({ browser, baseURL }) => {
  const t = messages('en');
  const proxy = await startTcpProxy(Number(new URL(baseURL!).port));
  try {
    const contact = await contactPage(browser, 'en', proxy.origin);
    const staff = await signedIn(browser, '/en/chat');
    await staff.goto(`/en/chat/${contact.chatBoxId}`);
    await expect(log(contact.page, 'en')).toBeVisible();
    await expect(log(staff, 'en')).toBeVisible();

    // 3 MB at 256 KB/s: twelve seconds to go up, cut after the first part.
    proxy.throttle(256 * 1024);
    const invoice = Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024, 32)]);
    await contact.page
      .getByLabel(t['chat.files.attach']!)
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoice });
    await composer(contact.page, 'en').fill('My invoice');
    await composer(contact.page, 'en').press('Enter');
    const progress = log(contact.page, 'en').getByRole('progressbar', { name: fill(t['chat.files.uploading']!, { name: 'invoice.pdf' }) });
    await expect.poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value), { timeout: 10_000 }).toBeGreaterThan(256 * 1024);
    // Screen readers hear it in quarters.
    await expect(contact.page.locator('[aria-live="polite"]').filter({ hasText: 'invoice.pdf' })).toHaveText(
      /^invoice\.pdf: \d+% uploaded$/,
    );
    proxy.cut();
    await expect(contact.page.getByText(t['chat.reconnecting']!)).toBeVisible({ timeout: 20_000 });
    await expect(log(staff, 'en').getByText('My invoice')).toHaveCount(0);
    proxy.throttle(undefined);
    proxy.restore();

    // As soon as the stream is back (its backoff is at most 30 s), the outbox uploads the file again and sends.
    await expect(log(staff, 'en').getByRole('link', { name: /invoice\.pdf/ })).toHaveCount(1, { timeout: 60_000 });
    await expect(log(staff, 'en').getByText('My invoice')).toHaveCount(1);
    const href = (await log(staff, 'en')
      .getByRole('link', { name: /invoice\.pdf/ })
      .getAttribute('href'))!;
    expect((await (await staff.request.get(href)).body()).equals(invoice)).toBe(true);
    // Once, also for the server: a reload shows one message with one file.
    await contact.page.reload();
    await expect(log(contact.page, 'en').getByRole('link', { name: /invoice\.pdf/ })).toHaveCount(1);
    await expect(log(contact.page, 'en').getByText('My invoice')).toHaveCount(1);
  } finally {
    await proxy.close();
  }
});

test('a file over the limit is refused in the page’s language, and nothing is sent', async ({ browser }) => {
  const t = messages('de');
  const contact = await contactPage(browser, 'de');
  await expect(log(contact.page, 'de')).toBeVisible();
  const big = Buffer.concat([pdf, Buffer.alloc(26 * 1024 * 1024)]);
  await contact.page.getByLabel(t['chat.files.attach']!).setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
  // Said at once, before a byte goes up (the server would refuse it too: files.test.ts).
  await expect(contact.page.locator('.chat-composer [role=alert]')).toHaveText(t['apiError.file_too_large']!);
  await expect(contact.page.getByRole('list', { name: t['chat.files.staged']! })).toHaveCount(0);
  await composer(contact.page, 'de').press('Enter');
  await expect(log(contact.page, 'de').locator('.chat-file')).toHaveCount(0);
});

test('an SVG with a script is only ever a download: loaded by its address, no script runs', async ({ browser }) => {
  const t = messages('en');
  const contact = await contactPage(browser, 'en');
  await expect(log(contact.page, 'en')).toBeVisible();
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>top.scriptRan = true</script><circle r="9"/></svg>');
  await contact.page.getByLabel(t['chat.files.attach']!).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
  await composer(contact.page, 'en').press('Enter');
  const link = log(contact.page, 'en').getByRole('link', { name: /logo\.svg/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  // Framed on Foyer's own origin, where a script would reach the page: it is not run.
  await contact.page.evaluate(async (address) => {
    const frame = document.createElement('iframe');
    frame.src = address;
    document.body.append(frame);
    await new Promise((done) => setTimeout(done, 1500));
  }, href);
  expect(await contact.page.evaluate(() => (window as { scriptRan?: boolean }).scriptRan)).toBeUndefined();
});
