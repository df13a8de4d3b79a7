import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { foyer } from './cli.ts';
import { articlePath, articles, fill, messages } from './content.ts';
import { createAccount, lastCode, uniqueEmail } from './emulator.ts';
import { expect, test } from './fixtures.ts';
import { gapiStandIn } from './gapiStandIn.ts';

const t = messages('en');

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel(t['login.email']!).fill(email);
  await page.getByLabel(t['login.password']!, { exact: true }).fill(password);
  await page.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
}

test.beforeEach(async ({ context }) => {
  // Google's API script is out of reach here; popup sign-in gets a stand-in (docs/staff.md: working offline).
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gapiStandIn }),
  );
});

test('staff sign in with e-mail and password, land on next, and sign out', async ({ page }) => {
  const email = uniqueEmail('lee');
  await createAccount(email, 'correct-horse-1', { name: 'Lee' });
  foyer('staff', 'add', email, '--role', 'agent');
  await page.goto('/en/login?next=/en/search');
  await signInWithPassword(page, email, 'correct-horse-1');
  // The path, not the whole address: `?next=/en/search` ends the same way before the page has moved on.
  await expect(page).toHaveURL((url) => url.pathname === '/en/search');
  await page.waitForLoadState('load');

  await page.goto('/en/login');
  await expect(page.getByText(fill(t['login.signedInAs']!, { email }))).toBeVisible();
  await page.getByRole('button', { name: t['login.signOut']! }).click();
  await expect(page.getByRole('button', { name: t['login.signIn']!, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: t['login.signIn']!, exact: true })).toBeVisible();
  await expect(page.getByText(fill(t['login.signedInAs']!, { email }))).toBeHidden();
});

test('a next address that a browser would read as another host leads to the inbox, not away', async ({ page, context }) => {
  const email = uniqueEmail('nia');
  await createAccount(email, 'correct-horse-1', { name: 'Nia' });
  foyer('staff', 'add', email, '--role', 'agent');
  const away: string[] = [];
  await context.route('http://evil.example/**', (route) => {
    away.push(route.request().url());
    return route.fulfill({ body: 'away' });
  });
  // A tab between the slashes: the browser drops it, so `/\t/evil.example/` is `//evil.example/`.
  await page.goto('/en/login?next=/%09/evil.example/');
  await signInWithPassword(page, email, 'correct-horse-1');
  await expect(page).toHaveURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/en/chat');
  await page.waitForLoadState('load');
  expect(away).toEqual([]);
});

test('a next address whose dot segments resolve to another host leads to the inbox, not away', async ({ page, context }) => {
  const email = uniqueEmail('oda');
  await createAccount(email, 'correct-horse-1', { name: 'Oda' });
  foyer('staff', 'add', email, '--role', 'agent');
  const away: string[] = [];
  await context.route('http://evil.example/**', (route) => {
    away.push(route.request().url());
    return route.fulfill({ body: 'away' });
  });
  // `/.//evil.example/` is on this origin, but its path resolves to `//evil.example/`, which is another host.
  await page.goto('/en/login?next=/.//evil.example/');
  await signInWithPassword(page, email, 'correct-horse-1');
  await expect(page).toHaveURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/en/chat');
  await page.waitForLoadState('load');
  expect(away).toEqual([]);
});

test('the sign-in page works when reached by links, there and back again', async ({ page }) => {
  await page.goto(articlePath('en', articles[0]!));
  await page.getByRole('link', { name: t['nav.staffSignIn']!, exact: true }).click();
  await page.getByRole('link', { name: t['login.forgotPassword']! }).click();
  await expect(page).toHaveURL(/\/en\/password$/);
  await page.getByRole('link', { name: t['password.backToSignIn']! }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  // The page's own script ran again: its checks answer.
  await page.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(page.getByText(t['login.emailMissing']!)).toBeVisible();
  await page.goBack();
  await page.goBack();
  await page.getByRole('button', { name: t['login.signIn']!, exact: true }).click();
  await expect(page.getByText(t['login.emailMissing']!)).toBeVisible();
});

test('a wrong password gives one generic error line, focused, that does not say whether the account exists', async ({ page }) => {
  const email = uniqueEmail('known');
  await createAccount(email, 'right-password-1');
  await page.goto('/en/login');
  await signInWithPassword(page, email, 'wrong-password-1');
  await expect(page.getByRole('alert')).toHaveText(t['login.failed']!);
  // Shown as an error, with focus on it rather than on the document (the Sign in button was disabled meanwhile).
  await expect(page.getByRole('alert')).toHaveClass(/notice-error/);
  await expect(page.getByRole('alert')).toBeFocused();
  await page.reload();
  await signInWithPassword(page, uniqueEmail('nobody'), 'wrong-password-1');
  await expect(page.getByRole('alert')).toHaveText(t['login.failed']!);
});

test('fields are checked with translated messages before anything is sent', async ({ page }) => {
  await page.goto('/de/login');
  const de = messages('de');
  await page.getByRole('button', { name: de['login.signIn']!, exact: true }).click();
  await expect(page.getByText(de['login.emailMissing']!)).toBeVisible();
  await expect(page.getByLabel(de['login.email']!)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(de['login.email']!).fill('not-an-address');
  await page.getByRole('button', { name: de['login.signIn']!, exact: true }).click();
  await expect(page.getByText(de['login.emailInvalid']!)).toBeVisible();
  await page.getByLabel(de['login.showPassword']!).check();
  await expect(page.getByLabel(de['login.password']!, { exact: true })).toHaveAttribute('type', 'text');
});

test('creating an account asks to verify the e-mail, fetches no user details until then, then says not_staff', async ({ page }) => {
  const email = uniqueEmail('newbie');
  const detailCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') detailCalls.push(request.url());
  });
  await page.goto('/en/login');
  await page.getByLabel(t['login.email']!).fill(email);
  await page.getByLabel(t['login.password']!, { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: t['login.createAccount']! }).click();
  await expect(page.getByText(fill(t['login.verifyEmail']!, { email }))).toBeVisible();
  expect(detailCalls).toEqual([]);

  // Follow the e-mailed link (the emulator records it), then carry on.
  const { oobLink } = await lastCode(email, 'VERIFY_EMAIL');
  await fetch(oobLink);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
  await page.getByRole('button', { name: t['login.verified']! }).click();
  expect((await (await answer).json()).error.code).toBe('not_staff');
  await expect(page.getByText(fill(t['login.notStaff']!, { email }))).toBeVisible();
});

test.describe('popup sign-in', () => {
  // Offline, the Auth emulator's provider page now and then leaves the app with auth/internal-error (the popup logs
  // a host it cannot resolve; its form never shows): seen in two of some fifty runs, either provider. A second try
  // tells that apart from a broken sign-in, which fails every time.
  test.describe.configure({ retries: 1 });
  for (const [provider, label] of [
    ['Google', t['login.google']!],
    ['Apple', t['login.apple']!],
  ] as const) {
    test(`${provider} sign-in works by popup, through the emulator's provider page`, async ({ page }, testInfo) => {
      const email = uniqueEmail(provider.toLowerCase());
      foyer('staff', 'add', email, '--role', 'agent');
      // A rare hang here once outlasted the whole test: each step now has its own limit, and what both windows logged
      // is attached, so a failure says where it stopped.
      const log: string[] = [];
      page.on('console', (message) => log.push(`page ${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => log.push(`page error: ${error.message}`));
      const step = { timeout: 30_000 };
      try {
        await page.goto('/en/login');
        const window = await test.step('the provider page opens in a popup', async () => {
          const popup = page.waitForEvent('popup', step);
          await page.getByRole('button', { name: label }).click();
          const opened = await popup;
          opened.on('console', (message) => log.push(`popup ${message.type()}: ${message.text()}`));
          opened.on('close', () => log.push('popup closed'));
          return opened;
        });
        await test.step('an account is chosen on it', async () => {
          await window.locator('#add-account-button button').click(step);
          await window.locator('#email-input').fill(email, step);
          await window.locator('#sign-in').click(step);
        });
        await test.step('the page signs in and moves on', () => expect(page).toHaveURL(/\/en\/chat$/, step));
      } catch (error) {
        await testInfo.attach('console', { body: log.join('\n'), contentType: 'text/plain' });
        throw error;
      }
    });
  }
});

test('a password reset goes from the e-mailed link to a new password that signs in', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await createAccount(email, 'old-password-1');
  foyer('staff', 'add', email, '--role', 'agent');
  await page.goto('/en/password');
  await page.getByLabel(t['login.email']!).fill(email);
  await page.getByRole('button', { name: t['password.send']! }).click();
  await expect(page.getByRole('alert')).toHaveText(t['password.sent']!);

  const { oobCode } = await lastCode(email, 'PASSWORD_RESET');
  await page.goto(`/en/password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByText(fill(t['password.chooseFor']!, { email }))).toBeVisible();
  await page.getByLabel(t['password.new']!, { exact: true }).fill('new-password-2');
  await page.getByLabel(t['password.repeat']!).fill('different-3');
  await page.getByRole('button', { name: t['password.save']! }).click();
  await expect(page.getByText(t['password.mismatch']!)).toBeVisible();
  await page.getByLabel(t['password.repeat']!).fill('new-password-2');
  await page.getByRole('button', { name: t['password.save']! }).click();
  await expect(page.getByText(t['password.saved']!)).toBeVisible();

  await page.goto(`/en/password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByRole('alert')).toHaveText(t['password.linkInvalid']!);
  await page.goto('/en/login');
  await signInWithPassword(page, email, 'new-password-2');
  await expect(page).toHaveURL(/\/en\/chat$/);
});

test('a signed-in staff member sets a new password on the password page', async ({ page }) => {
  const email = uniqueEmail('changer');
  await createAccount(email, 'first-password-1');
  await page.goto('/en/login');
  await signInWithPassword(page, email, 'first-password-1');
  await expect(page.getByText(fill(t['login.notStaff']!, { email }))).toBeVisible();
  await page.goto('/en/password');
  await expect(page.getByRole('heading', { name: t['password.setTitle']! })).toBeVisible();
  await page.getByLabel(t['password.new']!, { exact: true }).fill('second-password-2');
  await page.getByLabel(t['password.repeat']!).fill('second-password-2');
  await page.getByRole('button', { name: t['password.save']! }).click();
  await expect(page.getByRole('alert')).toHaveText(t['password.changed']!);
});

test('the id token is refreshed every 1800 s', async ({ page }) => {
  const email = uniqueEmail('clock');
  await createAccount(email, 'clock-password-1');
  await page.clock.install();
  await page.goto('/en/login');
  await signInWithPassword(page, email, 'clock-password-1');
  await expect(page.getByText(fill(t['login.notStaff']!, { email }))).toBeVisible();
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('securetoken.googleapis.com/v1/token')) refreshes.push(request.url());
  });
  await page.clock.runFor('29:50');
  expect(refreshes).toEqual([]);
  await page.clock.runFor('00:20');
  await expect.poll(() => refreshes.length).toBe(1);
});

for (const lang of ['en', 'he']) {
  for (const path of ['login', 'password']) {
    test(`the ${path} page in ${lang} passes axe`, async ({ page }) => {
      await page.goto(`/${lang}/${path}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
      await page.locator('.staff-form:not([hidden])').waitFor();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(violationsOf(results)).toEqual([]);
    });
  }
}
