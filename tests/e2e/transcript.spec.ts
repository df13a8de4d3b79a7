/**
 * "E-mail me this conversation": an Arabic contact asks from the session line's menu (right to left, axe clean) and
 * the copy reaches the mail catcher with both sides' messages in order and never the staff's internal note.
 */
import AxeBuilder from '@axe-core/playwright';
import { simpleParser } from 'mailparser';
import { violationsOf } from './axe.ts';
import { log, write } from './chatPage.ts';
import { caughtMailTo, inviteLink } from './cli.ts';
import { messages } from './content.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './staffSignIn.ts';

const ar = messages('ar');
const en = messages('en');

test('a contact e-mails themselves the conversation, without the internal note', async ({ browser }) => {
  const invitation = inviteLink(['--no-send-email', '--name', 'Tara Transcript', '--lang', 'ar']);
  const contact = await (await browser.newContext()).newPage();
  await contact.goto(invitation.path);
  await write(contact, 'ar', 'سؤال عن الفاتورة');
  await expect(log(contact, 'ar').getByText(ar['chat.sent']!, { exact: true })).toBeVisible();

  const staff = await signedIn(browser, `/en/chat/${invitation.chatBoxId}`);
  await write(staff, 'en', 'Here is your answer');
  await staff.getByRole('radio', { name: en['staffTools.internalNote']! }).check();
  await staff.getByLabel(en['staffTools.noteLabel']!).fill('Secret note: VIP customer');
  await staff.getByLabel(en['staffTools.noteLabel']!).press('Enter');
  await expect(log(staff, 'en').getByText('Secret note: VIP customer')).toBeVisible();
  await expect(log(contact, 'ar').getByText('Here is your answer')).toBeVisible();

  await contact.getByText(ar['session.menu']!, { exact: true }).click();
  await contact.getByRole('button', { name: ar['session.transcript']! }).click();
  await expect(contact.getByRole('status').filter({ hasText: ar['session.transcriptSent']! })).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page: contact }).include('.session-menu').analyze())).toEqual([]);

  const mail = await simpleParser(await caughtMailTo(invitation.email));
  expect(mail.text).toContain('> سؤال عن الفاتورة');
  expect(mail.text).toContain('> Here is your answer');
  expect(mail.text!.indexOf('الفاتورة')).toBeLessThan(mail.text!.indexOf('Here is your answer'));
  expect(mail.text).not.toContain('Secret note');
  expect(mail.html).not.toContain('Secret note');
  expect(mail.html).toContain('dir="rtl"');
});
