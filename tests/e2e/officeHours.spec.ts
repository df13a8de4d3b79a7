/**
 * Office hours: an admin sets them on the staff page (in UTC: open only three days from now, so the team is away
 * whatever the hour the test runs); a Japanese contact in Tokyo on the chat page and an Arabic one in Riyadh in the
 * compact chat box read when the team is back in their own time, and each gets one automatic away message however
 * many times they write, heard by a screen reader. Its own Foyer process: the hours are the whole organisation's.
 */
import AxeBuilder from '@axe-core/playwright';
import { violationsOf } from './axe.ts';
import type { Browser, Page } from '@playwright/test';
import { log } from './chatPage.ts';
import { fill, messages } from './content.ts';
import { emulatorHost } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { foyerProcesses, type FoyerProcesses } from './foyerProcess.ts';
import { signIn } from './staffSignIn.ts';

const en = messages('en');
const dayMs = 86_400_000;

let foyers: FoyerProcesses | undefined;
test.afterEach(() => foyers?.cleanUp());

/** The weekday three days from today (UTC), its name in English as the staff page shows it, and 9:00 UTC that day. */
function openingDay() {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const opensAt = new Date(today + 3 * dayMs + 9 * 3600_000);
  const name = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(opensAt);
  return { opensAt, name };
}

/** "Monday 18:00" as the contact's language writes it in their time zone. */
const localOpening = (lang: string, timeZone: string, opensAt: Date) =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone }).format(opensAt);

// By role: in Japanese the composer's name (メッセージ) is also part of the log's.
const composer = (page: Page, lang: string) => page.getByRole('textbox', { name: messages(lang)['chat.composerLabel']!, exact: true });
async function write(page: Page, lang: string, text: string) {
  await composer(page, lang).fill(text);
  await composer(page, lang).press('Enter');
}

async function contactPage(browser: Browser, foyers: FoyerProcesses, lang: string, timeZone: string, compact: boolean) {
  const link = new URL(
    foyers.cli('invite', '--email', `${lang}@example.com`, '--name', 'Contact', '--lang', lang).trim().split('\n').at(-1)!,
  );
  const context = await browser.newContext({
    timezoneId: timeZone,
    locale: lang,
    viewport: compact ? { width: 400, height: 640 } : undefined,
  });
  const page = await context.newPage();
  await page.goto(`${foyers.origin}${compact ? link.pathname.replace('/chat/', '/chatBox/') : link.pathname}${link.search}`);
  await expect(composer(page, lang)).toBeVisible();
  return { page, chatBoxId: link.pathname.split('/').at(-1)! };
}

test('contacts read when the team is back in their own time, and get one away message however often they write', async ({ browser }) => {
  test.setTimeout(240_000);
  foyers = await foyerProcesses('office-hours');
  await foyers.start({ FIREBASE_API_KEY: 'emulator-api-key', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
  const { opensAt, name: day } = openingDay();

  const staff = await (await browser.newContext({ baseURL: foyers.origin })).newPage();
  await signIn(staff, '/en/staff');
  const form = staff.getByRole('region', { name: en['staffAdmin.hours.title']! });
  await form.getByLabel(en['staffAdmin.hours.enabled']!).check();
  await form.getByLabel(en['staffAdmin.hours.timeZone']!).selectOption('UTC');
  // The starting hours are Monday to Friday; remove them all, then open the one day.
  const remove = form.getByRole('button', { name: /^Remove these hours on / });
  while ((await remove.count()) > 0) await remove.first().click();
  await form.getByRole('button', { name: fill(en['staffAdmin.hours.addOn']!, { day }) }).click();
  await expect(form.getByLabel(fill(en['staffAdmin.hours.opensOn']!, { day }))).toHaveValue('09:00');
  await expect(form.getByLabel(fill(en['staffAdmin.hours.closesOn']!, { day }))).toHaveValue('17:00');
  await form.getByLabel(en['staffAdmin.hours.replyWithin']!).selectOption('120');

  // A closing time before the opening is pointed out and nothing is saved.
  await form.getByLabel(fill(en['staffAdmin.hours.closesOn']!, { day })).fill('08:00');
  await form.getByRole('button', { name: en['staffAdmin.hours.save']! }).click();
  await expect(form.getByRole('alert')).toHaveText(en['staffAdmin.hours.problems']!);
  await expect(form.getByText(en['staffAdmin.hours.problemOrder']!)).toBeVisible();
  await expect(form.getByLabel(fill(en['staffAdmin.hours.closesOn']!, { day }))).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(fill(en['staffAdmin.hours.closesOn']!, { day })).fill('17:00');
  // A holiday far off, which moves nothing here.
  await form.getByLabel(en['staffAdmin.hours.holidayDate']!).fill('2099-12-25');
  await form.getByRole('button', { name: en['staffAdmin.hours.addHoliday']! }).click();
  await expect(form.getByRole('listitem').filter({ hasText: '2099' })).toBeVisible();
  await form.getByRole('button', { name: en['staffAdmin.hours.save']! }).click();
  await expect(form.getByRole('status')).toHaveText(en['staffAdmin.mail.saved']!);
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.office-hours').analyze())).toEqual([]);
  // Saved: a reload shows the same.
  await staff.reload();
  await expect(form.getByLabel(fill(en['staffAdmin.hours.opensOn']!, { day }))).toHaveValue('09:00');
  await expect(form.getByLabel(en['staffAdmin.hours.timeZone']!)).toHaveValue('UTC');

  for (const { lang, timeZone, compact, hour } of [
    { lang: 'ja', timeZone: 'Asia/Tokyo', compact: false, hour: '18' },
    { lang: 'ar', timeZone: 'Asia/Riyadh', compact: true, hour: '12' },
  ]) {
    const t = messages(lang);
    const time = localOpening(lang, timeZone, opensAt);
    // 9:00 UTC is the contact's 18:00 in Tokyo and 12:00 in Riyadh, in their own digits.
    expect(new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(opensAt)).toBe(hour);
    const { page: contact, chatBoxId } = await contactPage(browser, foyers, lang, timeZone, compact);
    await expect(contact.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(contact.locator('.chat-team-hours')).toHaveText(fill(t['chat.hours.awayUntil']!, { time }));

    await write(contact, lang, 'Is anyone there?');
    const away = log(contact, lang).locator('.chat-away');
    await expect(away).toHaveCount(1);
    await expect(away.locator('.chat-away-label')).toHaveText(t['chat.away.label']!);
    await expect(away.locator('.chat-text')).toHaveText(fill(t['chat.away.until']!, { time }));
    await expect(contact.locator('.sr-only[aria-live="polite"]')).toHaveText(
      fill(t['chat.announce']!, { name: t['chat.away.label']!, text: fill(t['chat.away.until']!, { time }) }),
    );
    await write(contact, lang, 'Hello?');
    await expect(log(contact, lang).getByText('Hello?')).toBeVisible();
    // Never two in a row: after a reload too.
    await contact.reload();
    await expect(log(contact, lang).getByText('Hello?')).toBeVisible();
    await expect(log(contact, lang).locator('.chat-away')).toHaveCount(1);
    expect(violationsOf(await new AxeBuilder({ page: contact }).include('.chat').analyze())).toEqual([]);
    await contact.context().close();
    // Staff see what the contact was told, marked as automatic, in the conversation.
    await staff.goto(`/en/chat/${chatBoxId}`);
    await expect(log(staff, 'en').locator('.chat-away .chat-away-label')).toHaveText(en['chat.away.label']!);
  }
});
