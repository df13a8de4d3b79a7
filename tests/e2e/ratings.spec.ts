/**
 * "How was your conversation?": staff resolve a conversation they answered and the contact, still on the page, is
 * asked there (keyboard: the five scores are radio buttons), answers with a comment, and staff see it in the
 * conversation's history; another contact who was away answers from the e-mail's page in a browser without
 * JavaScript; both comments reach the admin's ratings report. The e-mail's link is made as the server makes it, from
 * the test server's secret and the rating's id (`contact export`).
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { deriveKeys } from '../../src/server/secrets.ts';
import { ratingToken } from '../../src/server/mail/ratingLinks.ts';
import { violationsOf } from './axe.ts';
import { log, write } from './chatPage.ts';
import { e2eDataDir, foyer, inviteLink } from './cli.ts';
import { fill, messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const en = messages('en');

async function answerAndResolve(browser: Browser, chatBoxId: string) {
  const staff = await signedIn(browser, `/en/chat/${chatBoxId}`);
  await write(staff, 'en', 'That is fixed now.');
  // Stored: sent, or read already by a contact on the page.
  await expect(log(staff, 'en').getByText(new RegExp(`^(${en['chat.sent']}|${en['chat.read']})$`))).toBeVisible();
  await staff.getByRole('button', { name: en['staffTools.resolve']! }).click();
  // Resolving moves the workspace on to the next conversation: back to this one, to see what the contact answers.
  await expect(staff).not.toHaveURL(new RegExp(chatBoxId));
  await staff.goto(`/en/chat/${chatBoxId}`);
  await expect(staff.getByRole('button', { name: en['staffTools.reopen']! })).toBeVisible();
  return staff;
}

test('a contact rates a resolved conversation in it and another from the e-mail without JavaScript; the admin sees both', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Math.random().toString(36).slice(2, 7);
  const invitation = inviteLink(['--no-send-email', '--name', `Rita ${run}`]);
  const contact = await (await browser.newContext()).newPage();
  await contact.goto(invitation.path);
  await write(contact, 'en', 'My invoice is wrong');
  const staff = await answerAndResolve(browser, invitation.chatBoxId);

  const prompt = contact.getByRole('region', { name: en['rating.question']! });
  await expect(prompt).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page: contact }).include('.chat-rating').analyze())).toEqual([]);
  // By keyboard: the first score, then the arrows to the fourth.
  await prompt.getByRole('radio', { name: `1 ${en['rating.score.1']!}`, exact: true }).focus();
  await contact.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await contact.keyboard.press('ArrowRight');
  await expect(prompt.getByRole('radio', { name: `4 ${en['rating.score.4']!}`, exact: true })).toBeChecked();
  await prompt.getByLabel(en['rating.comment']!).fill(`Quick answer ${run}`);
  await prompt.getByRole('button', { name: en['rating.send']! }).click();
  await expect(prompt.getByRole('status')).toContainText(fill(en['rating.thanks']!, { score: '4' }));
  await expect(log(staff, 'en').locator('.chat-activity').last()).toContainText(
    // The contact's words isolated (U+2068…U+2069), so no script in them reorders the line.
    fill(en['history.ratedWithComment']!, { score: '4', comment: `\u2068Quick answer ${run}\u2069` }),
  );

  // Away when it was resolved: the e-mail's link, in a browser without JavaScript.
  const away = inviteLink(['--no-send-email', '--name', `Zed ${run}`]);
  await (await answerAndResolve(browser, away.chatBoxId)).context().close();
  const exported = JSON.parse(foyer('contact', 'export', away.email)) as { chatBoxes: { ratings: { id: number }[] }[] };
  const ratingId = exported.chatBoxes[0]!.ratings.at(-1)!.id;
  const secret = readFileSync(join(e2eDataDir, 'session-secret'), 'utf8').trim();
  const token = ratingToken((await deriveKeys(secret)).ratings, ratingId);
  const ratingPage = `/en/rate?${new URLSearchParams({ token, score: '2' })}`;
  // axe runs in the page (the same page, scripts or not); the rating itself goes without JavaScript.
  await contact.goto(ratingPage);
  expect(violationsOf(await new AxeBuilder({ page: contact }).analyze())).toEqual([]);
  const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await noScript.goto(ratingPage);
  await expect(noScript.getByRole('heading', { level: 1, name: en['rating.title']! })).toBeVisible();
  await expect(noScript.getByRole('radio', { name: new RegExp(en['rating.score.2']!) })).toBeChecked();
  await noScript.getByRole('radio', { name: new RegExp(`^4 – ${en['rating.score.4']!}`) }).check();
  await noScript.getByLabel(en['rating.comment']!).fill(`From the e-mail ${run}`);
  await noScript.getByRole('button', { name: en['rating.send']! }).click();
  await expect(noScript.getByRole('status')).toHaveText(en['rating.thanksPage']!);

  await staff.goto('/en/staff/ratings');
  await expect(staff.getByRole('heading', { level: 1, name: en['ratings.title']! })).toBeVisible();
  const comments = staff.getByRole('region', { name: en['ratings.comments']! });
  await expect(comments.getByText(`Quick answer ${run}`)).toBeVisible();
  await expect(comments.getByText(`From the e-mail ${run}`)).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.ratings-report').analyze())).toEqual([]);
});
