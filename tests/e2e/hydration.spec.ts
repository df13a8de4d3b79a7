/**
 * React's hydration is strict: markup the server rendered that the browser's first render does not reproduce is a
 * recoverable error (React's errors 418–425 in a production build), which reaches the console and the page's error
 * screen. Every page with an island, and the static pages around them, load here in English and Arabic with the
 * console watched, as a reader, a contact and a staff member.
 */
import type { Page } from '@playwright/test';
import { inviteLink } from './cli.ts';
import { articleIn, articlePath } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

/** React's production messages link to react.dev/errors/{code}; a development build says "hydrat…" in words. */
const hydrationMessage = /hydrat|react\.dev\/errors\/(418|419|420|421|422|423|425)\b/i;

/** Collects the page's console errors and warnings and its uncaught errors from now on. */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
  return seen;
}

/**
 * Opens the page and waits until every island on it has hydrated (Astro drops `ssr` from each when it has); not for the
 * network to be idle, which a chat page's open event stream never is.
 */
async function visit(page: Page, path: string, seen: string[]) {
  await page.goto(path);
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]'), `${path}: islands left unhydrated`).toHaveCount(0);
  // React reports a mismatch once the first render after hydration has committed.
  await page.waitForTimeout(500);
  expect(
    seen.filter((line) => hydrationMessage.test(line)),
    `${path}:\n${seen.join('\n')}`,
  ).toEqual([]);
  expect(
    seen.filter((line) => line.startsWith('uncaught')),
    path,
  ).toEqual([]);
}

for (const lang of ['en', 'ar']) {
  test(`pages hydrate without a warning for readers and contacts (${lang})`, async ({ page }) => {
    const seen = watchConsole(page);
    const invitation = inviteLink(['--lang', lang]);
    const paths = [
      `/${lang}`,
      articlePath(lang, articleIn(lang)),
      `/${lang}/search?q=chat`,
      `/${lang}/login`,
      `/${lang}/password`,
      `/${lang}/chat`,
      `/${lang}/chatBox`,
      invitation.path.replace(/^\/[a-zA-Z-]+\//, `/${lang}/`),
      `/${lang}/chatBox/${invitation.chatBoxId}`,
    ];
    for (const path of paths) await visit(page, path, seen);
    await expect(page.getByRole('log')).toBeVisible();
  });

  test(`staff pages hydrate without a warning (${lang})`, async ({ browser }) => {
    const invitation = inviteLink(['--lang', lang]);
    const page = await signedIn(browser, `/${lang}/chat`, undefined, lang);
    const seen = watchConsole(page);
    for (const path of [`/${lang}/chat`, `/${lang}/chat/${invitation.chatBoxId}`, `/${lang}/staff`, `/${lang}/staff/help-centre`]) {
      await visit(page, path, seen);
    }
  });
}
