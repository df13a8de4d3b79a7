/**
 * The chat box on another website (/embed.js): the demo host page (scripts/demoHost.mjs, started with the test
 * server on a second origin listed in FRAME_ANCESTORS) loads only embed.js until the launcher is pressed; the
 * widget opens, closes with Escape (focus back on the launcher), takes an invitation from the host page's address,
 * chats with staff, and shows staff replies that came while it was closed as a badge (read, for staff, only once the
 * opened panel shows them); a host not listed cannot frame it.
 */
import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { devices, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { budgets, bytesOf } from '../budgets.ts';
import { violationsOf } from './axe.ts';
import { weigh } from './builtFiles.ts';
import { composer, log, write } from './chatPage.ts';
import { inviteLink } from './cli.ts';
import { messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { demoHost, foyer, launcher, widget } from './widget.ts';

const en = messages('en');

test('the host page loads embed.js alone until the launcher is pressed; Escape closes the widget and focus returns', async ({
  page,
  context,
}) => {
  const fromFoyer: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(foyer)) fromFoyer.push(new URL(request.url()).pathname);
  });
  await page.goto(`${demoHost}/`);
  await expect(launcher(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fromFoyer).toEqual(['/embed.js']);
  expect(await context.cookies(foyer)).toEqual([]);

  await launcher(page).click();
  await expect(widget(page).getByRole('heading', { name: en['widget.title']! })).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(violationsOf(axe)).toEqual([]);
  await widget(page).getByLabel(en['widget.searchLabel']!).focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-foyer-embed] iframe')).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  // The frame's own close button does the same.
  await launcher(page).press('Enter');
  await widget(page).getByRole('button', { name: en['embed.close']! }).click();
  await expect(launcher(page)).toBeFocused();
});

/** The demo staff member, signed in on Foyer's own pages, in a conversation. */
async function staffOn(browser: Browser, chatBoxId: string): Promise<Page> {
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${foyer}/en/login?next=${encodeURIComponent(`/en/chat/${chatBoxId}`)}`);
  await staff.getByLabel(en['login.email']!).fill(demoStaffLogin.email);
  await staff.getByLabel(en['login.password']!, { exact: true }).fill(demoStaffLogin.password);
  await staff.getByRole('button', { name: en['login.signIn']!, exact: true }).click();
  await expect(composer(staff, 'en')).toBeVisible();
  return staff;
}

test('an invitation link on the host page opens the widget with it, leaves the address, and chats with staff; replies while closed make a badge, read only once on screen', async ({
  page,
  browser,
}) => {
  const invitation = inviteLink(['--name', 'Embed Test']);
  const query = new URLSearchParams({ chatBox: invitation.chatBoxId, cs_contactId: invitation.contactId, cs_otp: invitation.code });
  await page.goto(`${demoHost}/?${query}`);
  await expect(composer(widget(page), 'en')).toBeVisible();
  expect(new URL(page.url()).search).toBe(`?chatBox=${invitation.chatBoxId}`);
  await write(widget(page), 'en', 'Hello from the shop page');
  await expect(log(widget(page), 'en').getByText('Hello from the shop page')).toBeVisible();

  // Staff, signed in on Foyer's own pages, answer while the widget is closed: three long replies, more than the
  // panel shows at once.
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-foyer-embed] iframe')).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  const staff = await staffOn(browser, invitation.chatBoxId);
  await expect(log(staff, 'en').getByText('Hello from the shop page')).toBeVisible();
  const replies = ['First', 'Second', 'Third'].map((which) =>
    Array.from({ length: 6 }, (_, line) => `${which} reply, line ${line + 1}`).join('\n'),
  );
  for (const reply of replies) await write(staff, 'en', reply);
  const unread = en['embed.unread_other']!.replace('{{count}}', '3');
  await expect(launcher(page, `${en['embed.open']}, ${unread}`)).toBeVisible();
  await expect(page.locator('[data-foyer-embed] .badge')).toHaveText('3');
  const staffMeta = (n: number) =>
    log(staff, 'en')
      .locator('.chat-message')
      .filter({ hasText: `${['First', 'Second', 'Third'][n]} reply` })
      .locator('.chat-meta');
  await expect(staffMeta(2)).toContainText(en['chat.sent']!);

  // Opened: the first reply shows whole at the top; only what was on screen is read.
  await launcher(page).click();
  const first = log(widget(page), 'en').locator('.chat-message').filter({ hasText: 'First reply' });
  await expect(first).toBeInViewport({ ratio: 1 });
  await expect(staffMeta(0)).toContainText(en['chat.read']!);
  await expect(staffMeta(2)).toContainText(en['chat.sent']!);
  await expect(page.locator('[data-foyer-embed] .badge')).toBeHidden();
  // Scrolled to the end, the rest is read too.
  await log(widget(page), 'en').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(staffMeta(2)).toContainText(en['chat.read']!);
});

test('files go both ways in the widget on another site: a picture and a PDF from the contact, a picture from staff', async ({
  page,
  browser,
}) => {
  const picture = (background: string) =>
    sharp({ create: { width: 300, height: 200, channels: 3, background } })
      .png()
      .toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const invitation = inviteLink(['--name', 'Widget Files']);
  const query = new URLSearchParams({ chatBox: invitation.chatBoxId, cs_contactId: invitation.contactId, cs_otp: invitation.code });
  await page.goto(`${demoHost}/?${query}`);
  await expect(composer(widget(page), 'en')).toBeVisible();
  await widget(page)
    .getByLabel(en['chat.files.attach']!)
    .setInputFiles([
      { name: 'photo.png', mimeType: 'image/png', buffer: await picture('#3a7') },
      { name: 'order.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
  await composer(widget(page), 'en').fill('My order');
  await composer(widget(page), 'en').press('Enter');
  await expect(log(widget(page), 'en').getByRole('button', { name: 'photo.png' }).locator('img')).toBeVisible();

  const staff = await staffOn(browser, invitation.chatBoxId);
  await expect(log(staff, 'en').getByRole('button', { name: 'photo.png' }).locator('img')).toBeVisible();
  await expect(log(staff, 'en').getByRole('link', { name: /order\.pdf/ })).toBeVisible();
  await staff
    .getByLabel(en['chat.files.attach']!)
    .setInputFiles({ name: 'answer.png', mimeType: 'image/png', buffer: await picture('#c33') });
  await composer(staff, 'en').fill('Here is where to find it');
  await composer(staff, 'en').press('Enter');
  // In the third-party frame, where no cookie of Foyer's goes: the picture comes with its access token.
  const answer = log(widget(page), 'en').getByRole('button', { name: 'answer.png' }).locator('img');
  await expect(answer).toBeVisible();
  await expect.poll(() => answer.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
});

test('a contact types their ID and code in the widget and chats with staff; the frame keeps the session across a reload of the host page', async ({
  page,
  browser,
}) => {
  const invitation = inviteLink(['--no-send-email']);
  await page.goto(`${demoHost}/?chatBox=${invitation.chatBoxId}`);
  await launcher(page).click();
  await widget(page).getByLabel(en['session.yourId']!).fill(invitation.contactId);
  await widget(page).getByLabel(en['session.code']!).fill(invitation.code);
  await widget(page).getByRole('button', { name: en['session.continue']! }).click();
  await expect(composer(widget(page), 'en')).toBeVisible();
  await write(widget(page), 'en', 'Typed my code in the shop');
  const staff = await staffOn(browser, invitation.chatBoxId);
  await expect(log(staff, 'en').getByText('Typed my code in the shop')).toBeVisible();
  await write(staff, 'en', 'Welcome, we see you.');
  await expect(log(widget(page), 'en').getByText('Welcome, we see you.')).toBeVisible();
  await staff.context().close();
  // The code is spent: only the frame's own storage can bring the session back.
  await page.reload();
  await launcher(page).click();
  await expect(composer(widget(page), 'en')).toBeVisible();
});

test('a page session in the widget lists the conversations and opens one inside the frame, which still closes on Escape', async ({
  page,
}) => {
  const first = inviteLink(['--no-send-email', '--name', 'Widget List']);
  const pageLink = inviteLink(['--no-send-email', '--page'], first.email);
  await page.goto(`${demoHost}/?${new URLSearchParams({ cs_contactId: pageLink.contactId, cs_otp: pageLink.code })}`);
  const entry = widget(page).locator(`a[href$="${first.chatBoxId}"]`);
  await entry.click();
  await expect(composer(widget(page), 'en')).toBeVisible();
  await composer(widget(page), 'en').focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-foyer-embed] iframe')).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  // The frame's page after the move is a full one: its buttons work (a phone has no Escape key).
  await launcher(page).click();
  await widget(page).getByRole('button', { name: en['embed.close']! }).click();
  await expect(page.locator('[data-foyer-embed] iframe')).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test('embed.js twice on a page draws one launcher; it is cached for a day in every encoding', async ({ page }) => {
  await page.goto(`${demoHost}/`);
  await page.evaluate((src) => {
    const again = document.createElement('script');
    again.src = src;
    document.head.append(again);
    return new Promise((resolve) => again.addEventListener('load', resolve));
  }, `${foyer}/embed.js`);
  await expect(page.locator('[data-foyer-embed]')).toHaveCount(1);
  for (const encoding of ['br', 'gzip', 'identity']) {
    const answer = await page.request.get(`${foyer}/embed.js`, { headers: { 'Accept-Encoding': encoding } });
    expect(answer.headers()['cache-control'], encoding).toBe('public, max-age=86400, stale-while-revalidate=604800');
  }
});

test.describe('a host not listed in FRAME_ANCESTORS', () => {
  let server: Server;
  let origin: string;
  test.beforeAll(async () => {
    server = createServer((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(`<!doctype html><title>Not allowed</title><script src="${foyer}/embed.js" async></script>`),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((done) => server.close(() => done())));

  test('cannot frame the widget; the launcher says which setting to change', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${origin}/`);
    await launcher(page).click();
    await expect
      .poll(() => errors.some((text) => text.includes('FRAME_ANCESTORS') && text.includes(origin)), { timeout: 15_000 })
      .toBe(true);
    await expect(widget(page).getByRole('heading', { name: en['widget.title']! })).toHaveCount(0);
  });
});

test('the widget passes axe in Arabic, right to left', async ({ page }) => {
  const ar = messages('ar');
  await page.goto(`${demoHost}/?lang=ar`);
  await launcher(page, ar['embed.open']!).click();
  await expect(widget(page).locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(widget(page).getByRole('heading', { name: ar['widget.title']! })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(violationsOf(results)).toEqual([]);
});

/** Every script and stylesheet the page loads from Foyer from now on, weighed as built files gzip (level 9). */
function foyerAssets(page: Page) {
  const paths = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === foyer && ['script', 'stylesheet'].includes(request.resourceType())) paths.add(url.pathname);
  });
  return () => weigh(paths);
}

const widgetBudget = bytesOf(budgets.widgetFirstOpen);

test(`the widget's first open loads at most ${widgetBudget / 1024} KB gzip of JavaScript and CSS, to its home or to a conversation`, async ({
  page,
  browser,
}) => {
  await page.goto(`${demoHost}/`);
  await expect(launcher(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const toHome = foyerAssets(page);
  await launcher(page).click();
  await expect(widget(page).getByRole('heading', { name: en['widget.title']! })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = toHome();
  expect(home.summary).toContain('.js');
  expect(home.summary).not.toContain('/embed.js');
  // Nothing of the search or the start form before they are used.
  expect(home.summary).not.toMatch(/pagefind|StartForm/);
  expect(home.total, home.summary).toBeLessThanOrEqual(widgetBudget);

  // An invitation opens the conversation itself: the list, the composer and the live stream.
  const invitation = inviteLink(['--name', 'Budget Test']);
  const query = new URLSearchParams({ chatBox: invitation.chatBoxId, cs_contactId: invitation.contactId, cs_otp: invitation.code });
  const fresh = await (await browser.newContext()).newPage();
  const toConversation = foyerAssets(fresh);
  await fresh.goto(`${demoHost}/?${query}`);
  await expect(composer(widget(fresh), 'en')).toBeVisible();
  // Not network idle: the conversation's event stream stays open. What loads on demand has asked by now.
  await expect(log(widget(fresh), 'en')).toBeVisible();
  await fresh.waitForTimeout(1000);
  const conversation = toConversation();
  expect(conversation.total, conversation.summary).toBeLessThanOrEqual(widgetBudget);
  await fresh.context().close();
});

test('data-theme on the snippet sets the widget’s theme over the visitor’s system, which it follows otherwise; axe passes in dark', async ({
  page,
}) => {
  const theme = () => widget(page).locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${demoHost}/?theme=dark`);
  await launcher(page).click();
  await expect(widget(page).getByRole('heading', { name: en['widget.title']! })).toBeVisible();
  await expect(theme()).toHaveAttribute('data-theme', 'dark14');
  const results = await new AxeBuilder({ page }).analyze();
  expect(violationsOf(results)).toEqual([]);

  // A theme name sets the colour as well, and stays when the system turns dark.
  await page.goto(`${demoHost}/?theme=light9`);
  await launcher(page).click();
  await expect(theme()).toHaveAttribute('data-theme', 'light9');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(widget(page).getByRole('heading', { name: en['widget.title']! })).toBeVisible();
  await expect(theme()).toHaveAttribute('data-theme', 'light9');

  // Without it (or with `auto`) the widget follows the system.
  await page.goto(`${demoHost}/?theme=auto`);
  await launcher(page).click();
  await expect(theme()).toHaveAttribute('data-theme', 'dark14');
});

test('the frame’s enlarge button asks the launcher for a larger panel and back; a phone, where it fills the screen, is not offered it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${demoHost}/`);
  await launcher(page).click();
  const enlarge = widget(page).getByRole('button', { name: en['embed.expand']! });
  const panel = page.locator('[data-foyer-embed] .panel');
  await expect(enlarge).toHaveAttribute('aria-pressed', 'false');
  expect((await panel.boundingBox())?.width).toBe(380);
  await enlarge.click();
  await expect(enlarge).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await panel.boundingBox())?.width).toBe(720);
  expect((await panel.boundingBox())?.height).toBe(800 - 108);
  await enlarge.press('Enter');
  await expect(enlarge).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await panel.boundingBox())?.width).toBe(380);

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(enlarge).toBeHidden();
  await expect.poll(async () => (await panel.boundingBox())?.width).toBe(390);
});

test('on a phone, a host page wider than the screen keeps the launcher on screen, and the panel opens over what shows', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  await page.goto(`${demoHost}/?wide=1`);
  // The page does overflow: its layout viewport is wider than the screen.
  expect(await page.evaluate(() => innerWidth > visualViewport!.width)).toBe(true);
  const screen = page.viewportSize()!;
  const onScreen = async (box: { x: number; y: number; width: number; height: number } | null) =>
    !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width + 1 && box.y + box.height <= screen.height + 1;
  await expect.poll(async () => onScreen(await launcher(page).boundingBox())).toBe(true);
  await launcher(page).click();
  await expect(widget(page).getByRole('heading', { name: en['widget.title']! })).toBeVisible();
  const panel = await page.locator('[data-foyer-embed] iframe').boundingBox();
  expect(await onScreen(panel)).toBe(true);
  expect(panel!.width).toBeGreaterThan(screen.width - 2);
});
