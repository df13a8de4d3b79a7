/**
 * The staff workspace in the browser: the inbox's filters and search, the invitation dialog, the staff page (admins
 * and agents), a contact's data rights, and a contact's own list of conversations from a page session.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import type { Page } from '@playwright/test';
import { demoStaffLogin } from '../../scripts/authEmulator.mjs';
import { violationsOf } from './axe.ts';
import { composer, log, write } from './chatPage.ts';
import { caughtMailTo, foyer, inviteLink } from './cli.ts';
import { articleIn, articlePath, fill, messages } from './content.ts';
import { createAccount, emulatorHost, uniqueEmail } from './emulator.ts';
import { signedIn } from './staffSignIn.ts';
import { readZip } from '../server/zip.ts';
import { expect, test } from './fixtures.ts';

const en = messages('en');
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const digits = () => String(Math.floor(Math.random() * 1e9));

/** A new agent: an emulator account and a staff record added with the command-line tool. */
async function newAgent(name: string) {
  const email = uniqueEmail(name.toLowerCase());
  await createAccount(email, 'correct-horse-1', { name });
  foyer('staff', 'add', email, '--role', 'agent');
  return { email, password: 'correct-horse-1' };
}

const entry = (page: Page, text: string) => page.locator('.inbox-entry').filter({ hasText: text });

test('the inbox filters by status and assignment, and its search finds messages in Chinese, Thai and the demo conversation', async ({
  browser,
}) => {
  const n = digits();
  const invitation = inviteLink(['--name', 'Search Test']);
  const contact = await (await browser.newContext()).newPage();
  await contact.goto(invitation.path);
  await write(contact, 'en', `我想申请退款${n}号订单 <img src=x>`);
  await write(contact, 'en', `ฉันต้องการคืนเงิน${n}ค่ะ`);
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true }).first()).toBeVisible();

  const staff = await signedIn(browser, '/en/chat');
  const search = staff.getByRole('searchbox', { name: en['inbox.search']! });
  await expect(entry(staff, `คืนเงิน${n}`)).toBeVisible({ timeout: 30_000 });

  // Status: the keyboard moves through the radio group, as in any radio group.
  await staff.getByRole('radio', { name: en['inbox.filter.all']! }).focus();
  await staff.keyboard.press('ArrowRight');
  await expect(staff.getByRole('radio', { name: en['inbox.status.open']! })).toBeChecked();
  await expect(entry(staff, `คืนเงิน${n}`)).toBeVisible();
  await staff.getByRole('radio', { name: en['inbox.status.resolved']! }).check();
  await expect(entry(staff, `คืนเงิน${n}`)).toHaveCount(0);
  await staff.getByRole('radio', { name: en['inbox.filter.all']! }).check();

  // Assignment: a new conversation is nobody's.
  await staff.getByRole('radio', { name: en['inbox.filter.unassigned']! }).check();
  await expect(entry(staff, `คืนเงิน${n}`)).toContainText(en['inbox.filter.unassigned']!);
  await staff.getByRole('radio', { name: en['inbox.filter.mine']! }).check();
  await expect(entry(staff, `คืนเงิน${n}`)).toHaveCount(0);
  await staff.getByRole('radio', { name: en['inbox.filter.anyone']! }).check();

  // Search: a Chinese word inside a sentence without spaces shows that (older) message, the match marked as text.
  await search.fill(`退款${n}`);
  const chinese = entry(staff, 'Search Test');
  await expect(chinese.locator('mark')).toHaveText(`退款${n}`);
  await expect(chinese).toContainText('<img src=x>');
  await expect(chinese.locator('img')).toHaveCount(0);
  await expect(staff.locator('.inbox-entry')).toHaveCount(1);
  await expect(staff.getByRole('status').filter({ hasText: fill(en['inbox.results_one']!, { count: 1 }) })).toBeAttached();

  await search.fill(`คืนเงิน${n}`);
  await expect(entry(staff, 'Search Test').locator('mark')).toHaveText(`คืนเงิน${n}`);

  await search.fill('PALETTE button');
  await expect(entry(staff, 'Ana Example').locator('mark')).toHaveText('palette button');

  await search.fill(`nothing-like-this-${n}`);
  await expect(staff.getByText(en['inbox.noMatches']!)).toBeVisible();
});

test('an invitation made in the dialog opens the conversation in another browser, and its errors are said next to the fields', async ({
  browser,
}) => {
  const staff = await signedIn(browser, '/en/chat');
  const open = staff.getByRole('button', { name: en['invite.open']! });
  await open.click();
  const dialog = staff.getByRole('dialog', { name: en['invite.title']! });
  await expect(dialog).toBeVisible();

  // Refused fields: each message is ours, beside its field, never the server's English.
  await dialog.getByLabel(en['invite.email']!).fill('not-an-e-mail');
  await dialog.getByRole('radio', { name: en['invite.target.chatBox']! }).check();
  await dialog.getByLabel(en['invite.chatBoxId']!).fill('cb_nope');
  await dialog.getByRole('button', { name: en['invite.create']! }).click();
  await expect(dialog.getByLabel(en['invite.email']!)).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(en['invite.error.email']!)).toBeVisible();
  await expect(dialog.getByText(en['invite.error.chatBoxId']!)).toBeVisible();

  // Escape closes the dialog and focus goes back to the button.
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  const email = uniqueEmail('invited');
  await open.click();
  await dialog.getByLabel(en['invite.email']!).fill(email);
  await dialog.getByLabel(en['invite.name']!).fill('Ivo Invited');
  await dialog.getByLabel(en['invite.lang']!).selectOption('de');
  await dialog.getByRole('radio', { name: en['invite.target.newChatBox']! }).check();
  await dialog.getByRole('button', { name: en['invite.create']! }).click();
  const link = dialog.getByLabel(en['invite.link']!);
  await expect(link).toHaveValue(/\/de\/chat\/cb_\w+\?cs_contactId=ct_\w+&cs_otp=\d{8}/);
  await expect(dialog.getByText(en['invite.contactCreated']!)).toBeVisible();
  // "Send the link by e-mail" is on by default (npm start catches development's e-mail): the e-mail arrives, in German.
  await expect(dialog.getByRole('status').filter({ hasText: email })).toBeVisible();
  const mailed = await simpleParser(await caughtMailTo(email));
  expect(mailed.subject).toBe(messages('de')['mail.invitation.subject']!.replace('{{organisation}}', messages('de')['site.name']!));
  expect(mailed.text).toContain(await link.inputValue());
  await dialog.getByRole('button', { name: en['invite.copy']! }).click();
  await expect(dialog.getByRole('status').filter({ hasText: en['invite.copied']! })).toBeVisible();
  const copied = await staff.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await link.inputValue());

  // The contact opens the copied link in a browser of their own and chats.
  const contact = await (await browser.newContext()).newPage();
  await contact.goto(pathOf(copied));
  await expect(composer(contact, 'de')).toBeVisible();
  await write(contact, 'de', 'Hallo aus der Einladung');
  await expect(log(contact, 'de').getByText('Hallo aus der Einladung')).toBeVisible();

  // "New code" for that chat box: the same dialog, an existing conversation.
  const chatBoxId = new URL(copied).pathname.split('/').at(-1)!;
  await dialog.getByRole('button', { name: en['invite.another']! }).click();
  await dialog.getByLabel(en['invite.email']!).fill(email);
  await dialog.getByRole('radio', { name: en['invite.target.chatBox']! }).check();
  await dialog.getByLabel(en['invite.chatBoxId']!).fill(chatBoxId);
  await dialog.getByRole('button', { name: en['invite.create']! }).click();
  await expect(link).toHaveValue(new RegExp(`/chat/${chatBoxId}\\?cs_contactId=ct_\\w+&cs_otp=\\d{8}`));
  expect(await link.inputValue()).not.toBe(copied);
  await expect(dialog.getByText(en['invite.contactCreated']!)).toHaveCount(0);
});

test('an admin adds an agent and removes them after confirming; the last admin can be neither removed nor demoted', async ({ browser }) => {
  const admin = await signedIn(browser, '/en/staff');
  await expect(admin.getByRole('heading', { name: en['staffAdmin.title']!, exact: true })).toBeVisible();
  const email = uniqueEmail('added');
  await admin.getByLabel(en['staffAdmin.email']!, { exact: true }).fill('not-an-e-mail');
  await admin.getByRole('button', { name: en['staffAdmin.addButton']!, exact: true }).click();
  await expect(admin.getByText(en['staffAdmin.error.email']!)).toBeVisible();

  await admin.getByLabel(en['staffAdmin.email']!, { exact: true }).fill(email);
  await admin.getByLabel(en['staffAdmin.nameOptional']!).fill('Avery Added');
  await admin.getByLabel(en['staffAdmin.role']!, { exact: true }).selectOption('agent');
  // Their welcome e-mail in the language chosen for them, not the admin's page language.
  await expect(admin.getByLabel(en['staffAdmin.language']!)).toHaveValue('en');
  await admin.getByLabel(en['staffAdmin.language']!).selectOption('de');
  await admin.getByRole('button', { name: en['staffAdmin.addButton']!, exact: true }).click();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Avery Added');
  expect((await simpleParser(await caughtMailTo(email))).text).toContain('/de/login?next=%2Fde%2Fchat');
  await expect(row.getByRole('combobox', { name: fill(en['staffAdmin.roleFor']!, { name: 'Avery Added' }) })).toHaveValue('agent');
  await expect(row).toContainText(en['staffAdmin.notSignedInYet']!);

  await row.getByRole('button', { name: `${en['staffAdmin.remove']!} Avery Added` }).click();
  await expect(row.getByRole('button', { name: en['staffAdmin.cancel']! })).toBeFocused();
  await row.getByRole('button', { name: en['staffAdmin.confirm']! }).click();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await expect(admin.getByText(fill(en['staffAdmin.removed']!, { name: 'Avery Added' }))).toBeVisible();

  // The demo staff member is the only admin (no other test adds one: if one did, this would remove the demo admin).
  const admins = foyer('staff', 'list')
    .split('\n')
    .filter((line) => line.startsWith('admin'));
  expect(admins, 'only the demo staff member is an admin').toEqual([expect.stringContaining(demoStaffLogin.email)]);
  const me = admin.getByRole('row').filter({ hasText: demoStaffLogin.email });
  await me.getByRole('button', { name: en['staffAdmin.remove']! }).click();
  await me.getByRole('button', { name: en['staffAdmin.confirm']! }).click();
  await expect(admin.getByRole('alert').filter({ hasText: en['apiError.last_admin']! })).toBeVisible();
  await expect(me).toBeVisible();
  await admin.reload();
  const demoted = admin.getByRole('row').filter({ hasText: demoStaffLogin.email });
  await demoted.getByRole('combobox').selectOption('agent');
  await expect(admin.getByRole('alert').filter({ hasText: en['apiError.last_admin']! })).toBeVisible();
  await expect(demoted.getByRole('combobox')).toHaveValue('admin');
});

test('an agent sees the staff list but none of the controls, and the API refuses them', async ({ browser }) => {
  const login = await newAgent('Agnes');
  const agent = await signedIn(browser, '/en/staff', login);
  await expect(agent.getByRole('row').filter({ hasText: demoStaffLogin.email })).toContainText(en['staffAdmin.role.admin']!);
  await expect(agent.getByText(en['staffAdmin.agentNote']!)).toBeVisible();
  await expect(agent.getByRole('combobox')).toHaveCount(0);
  await expect(agent.getByRole('button', { name: en['staffAdmin.remove']! })).toHaveCount(0);
  await expect(agent.getByRole('heading', { name: en['staffAdmin.add']! })).toHaveCount(0);
  // The directory shows them a contact's conversations, never the data rights.
  const someone = inviteLink(['--name', 'Agnes Sees']);
  await agent.goto(`/en/staff/contacts?contact=${someone.contactId}`);
  await expect(agent.getByRole('heading', { level: 2, name: 'Agnes Sees' })).toBeVisible();
  await expect(agent.getByRole('button', { name: en['dataRights.erase']! })).toHaveCount(0);
  await expect(agent.getByRole('button', { name: en['dataRights.exportForContact']! })).toHaveCount(0);

  const { idToken } = (await (
    await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: login.email, password: login.password, returnSecureToken: true }),
    })
  ).json()) as { idToken: string };
  const refused = await agent.request.post('/api/staff/add', {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { email: uniqueEmail('sneaky'), role: 'admin' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('not_admin');
});

test('a staff member turns missed-message e-mails off and on again on the staff page, in their language', async ({ browser }) => {
  const de = messages('de');
  const login = await newAgent('Mareike');
  const agent = await signedIn(browser, '/de/staff', login, 'de');
  const wanted = agent.getByRole('checkbox', { name: de['staffAdmin.mail.missed']! });
  await expect(agent.getByRole('heading', { name: de['staffAdmin.mail.title']! })).toBeVisible();
  await expect(wanted).toBeChecked();
  await expect(wanted).toHaveAccessibleDescription(de['staffAdmin.mail.missedHint']!);
  await wanted.press('Space');
  await expect(agent.getByRole('status').filter({ hasText: de['staffAdmin.mail.saved']! })).toBeVisible();
  await agent.reload();
  await expect(wanted).not.toBeChecked();
  await wanted.check();
  await expect(agent.getByRole('status').filter({ hasText: de['staffAdmin.mail.saved']! })).toBeVisible();
  await agent.reload();
  await expect(wanted).toBeChecked();
  expect(violationsOf(await new AxeBuilder({ page: agent }).include('.mail-notifications').analyze())).toEqual([]);
});

test('the "Help centre" view shows searches in Japanese that found nothing useful and a reader’s comment; an admin clears it; axe passes', async ({
  browser,
}) => {
  const word = `zqxjv${digits()}`;
  const ja = messages('ja');
  // A reader with an ordinary browser's user agent (headless Chromium's counts as a bot).
  const reader = await (
    await browser.newContext({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    })
  ).newPage();
  await reader.goto('/ja/search');
  const reported = reader.waitForResponse((response) => response.url().endsWith('/api/search/miss') && response.ok());
  await reader.getByRole('searchbox').fill(word);
  await reported;
  // A search that found articles, one of which the reader opened: useful, not counted.
  await reader.getByRole('searchbox').fill('ダークモード');
  await reader.locator('.results a').first().click();
  await expect(reader).not.toHaveURL(/\/search/);
  // One that found articles the reader left without opening any, searching again instead: found nothing useful.
  // (Leaving the page sends it too, as the page goes; under Playwright that request was seen answered but not
  // counted, apparently sent without the context's user agent, as a headless browser's.)
  await reader.goto('/ja/search');
  await reader.getByRole('searchbox').fill('パスワード');
  await expect(reader.locator('.results a').first()).toBeVisible();
  // Read for longer than a keystroke's pause (misses.ts: 1.5 s), so it is a search, not a word half typed.
  await reader.waitForTimeout(2000);
  const unopened = reader.waitForResponse(
    (response) => response.url().endsWith('/api/search/miss') && /unopened/.test(response.request().postData() ?? '') && response.ok(),
  );
  await reader.getByRole('searchbox').fill('ダーク');
  await unopened;
  const article = articleIn('en');
  const comment = `Missing the export steps ${digits()}`;
  await reader.goto(articlePath('en', article));
  await reader.getByRole('button', { name: en['helpful.no']!, exact: true }).click();
  await reader.getByRole('textbox', { name: en['helpful.commentLabel']! }).fill(comment);
  await reader.getByRole('button', { name: en['helpful.send']! }).click();
  await expect(reader.getByRole('status').filter({ hasText: en['helpful.thanks']! })).toBeVisible();

  const staff = await signedIn(browser, '/ja/staff/help-centre', demoStaffLogin, 'ja');
  await expect(staff.getByRole('heading', { level: 1, name: ja['helpCentre.title']! })).toBeVisible();
  // Each table on its own: a search for an article's title is a row of the searches too.
  const searches = staff.getByRole('region', { name: ja['helpCentre.misses']! });
  const miss = searches.getByRole('row').filter({ hasText: word });
  await expect(miss).toBeVisible();
  await expect(miss.getByRole('link', { name: ja['helpCentre.searchIt']! })).toHaveAttribute('href', `/ja/search?q=${word}`);
  // Columns: the search, found nothing, results not opened.
  await expect(miss.getByRole('cell')).toHaveText(['1', '0', ja['helpCentre.searchIt']!]);
  await expect(searches.getByRole('row').filter({ hasText: 'パスワード' }).getByRole('cell')).toHaveText([
    '0',
    '1',
    ja['helpCentre.searchIt']!,
  ]);
  await expect(searches.getByRole('row').filter({ hasText: 'ダークモード' })).toHaveCount(0);
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.help-centre-report').analyze())).toEqual([]);
  // And in the darkest theme, where the browser's own colours for its selects fall short of 4.5:1.
  await staff.evaluate(() => (document.documentElement.dataset['theme'] = 'dark14'));
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('.help-centre-report').analyze())).toEqual([]);
  await staff.evaluate(() => (document.documentElement.dataset['theme'] = 'light14'));

  const report = staff.locator('.help-centre-report');
  await report.getByLabel(ja['helpCentre.language']!).selectOption('en');
  await report.getByLabel(ja['helpCentre.period']!).selectOption('30');
  const row = staff.getByRole('region', { name: ja['helpCentre.articles']! }).getByRole('row').filter({ hasText: article.title });
  await expect(row).toBeVisible();
  const item = staff.getByRole('listitem').filter({ hasText: comment });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: ja['helpCentre.clear']! }).click();
  await expect(staff.getByRole('status').filter({ hasText: ja['helpCentre.cleared']! })).toBeVisible();
  await expect(item).toHaveCount(0);
});

test('staff find a contact in the directory by name or e-mail, without an id, and open their conversations', async ({ browser }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const first = inviteLink(['--name', `Dora Directory ${tag}`]);
  const second = inviteLink(['--name', `Dora Directory ${tag}`], first.email);
  inviteLink(['--name', `Other Person ${tag}`]);
  const writer = await (await browser.newContext()).newPage();
  await writer.goto(first.path);
  await write(writer, 'en', 'Seen now');
  await expect(log(writer, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();

  const staff = await signedIn(browser, '/en/chat');
  await staff.getByRole('navigation', { name: en['workspace.nav']! }).getByRole('link', { name: en['contacts.title']! }).click();
  await expect(staff).toHaveURL((url) => url.pathname === '/en/staff/contacts');
  const search = staff.getByRole('search');
  await search.getByLabel(en['contacts.search']!).fill(`dora directory ${tag}`);
  await search.getByRole('button', { name: en['contacts.searchButton']! }).click();
  await expect(staff).toHaveURL((url) => url.searchParams.get('q') === `dora directory ${tag}`);
  const entries = staff.locator('.contact-directory-entries a');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(first.email);
  await expect(entries.first()).toContainText(fill(en['contacts.conversationCount_other']!, { count: '2' }));
  // By part of the e-mail address too.
  await search.getByLabel(en['contacts.search']!).fill(first.email.slice(0, 8).toUpperCase());
  await search.getByRole('button', { name: en['contacts.searchButton']! }).click();
  await expect(entries.filter({ hasText: first.email })).toHaveCount(1);
  await search.getByLabel(en['contacts.search']!).fill(`nobody ${tag}`);
  await search.getByRole('button', { name: en['contacts.searchButton']! }).click();
  await expect(staff.getByText(fill(en['contacts.noMatches']!, { query: `nobody ${tag}` }))).toBeVisible();

  // Open one: its facts and conversations, in the address; Back returns to the search, Forward to the contact.
  await search.getByLabel(en['contacts.search']!).fill(tag);
  await search.getByRole('button', { name: en['contacts.searchButton']! }).click();
  await entries.filter({ hasText: first.email }).click();
  const heading = staff.getByRole('heading', { level: 2, name: `Dora Directory ${tag}` });
  await expect(heading).toBeFocused();
  await expect(staff).toHaveURL((url) => url.searchParams.get('contact') === first.contactId && url.searchParams.get('q') === tag);
  const details = staff.locator('.contact-directory-details');
  await expect(details).toContainText(en['contacts.firstSeen']!);
  await expect(details.locator('dd').last()).not.toHaveText(en['contacts.neverSeen']!);
  for (const chatBoxId of [first.chatBoxId, second.chatBoxId])
    await expect(details.locator(`a[href="/en/chat/${chatBoxId}"]`)).toBeVisible();
  expect(violationsOf(await new AxeBuilder({ page: staff }).include('main').analyze())).toEqual([]);
  await staff.goBack();
  await expect(heading).toHaveCount(0);
  await expect(entries).toHaveCount(2);
  await staff.goForward();
  await expect(heading).toBeVisible();
  await staff.reload();
  await expect(heading).toBeVisible();
  await expect(staff.getByRole('search').getByLabel(en['contacts.search']!)).toHaveValue(tag);

  // From a conversation's side panel to the contact's page in the directory.
  await details.locator(`a[href="/en/chat/${second.chatBoxId}"]`).click();
  await staff.getByRole('link', { name: en['contacts.openInDirectory']! }).click();
  await expect(heading).toBeVisible();
});

test('an admin exports a contact’s data as a zip and erases the contact after typing their e-mail', async ({ browser }) => {
  const invitation = inviteLink(['--name', 'Erin Erase']);
  const contact = await (await browser.newContext()).newPage();
  await contact.goto(invitation.path);
  await write(contact, 'en', 'Please forget me');
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();

  const admin = await signedIn(browser, '/en/staff');
  // Who invited whom: this contact came from the command-line tool, which e-mails the link where mail is set up.
  const invitations = admin.getByRole('table', { name: en['staffAdmin.invitations.title']! });
  const row = invitations.getByRole('row').filter({ hasText: invitation.email });
  await expect(row).toContainText(en['staffAdmin.invitations.commandLine']!);
  await expect(row).toContainText(en['staffAdmin.invitations.byEmail']!);
  await admin.goto('/en/staff/contacts');
  await admin.getByLabel(en['contacts.search']!).fill(invitation.email);
  await admin.getByRole('button', { name: en['contacts.searchButton']! }).click();
  await admin.locator('.contact-directory-entries a').filter({ hasText: invitation.email }).click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Erin Erase' })).toBeVisible();

  // The copy to hand over (no internal notes: the API tests check what is left out), then the team's, named so.
  for (const [button, file, status] of [
    ['dataRights.exportForContact', `contact-${invitation.contactId}.zip`, 'dataRights.exportedForContact'],
    ['dataRights.exportWithNotes', `contact-${invitation.contactId}-with-internal-notes.zip`, 'dataRights.exportedWithNotes'],
  ] as const) {
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: en[button]! }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file);
    const zip = await readZip(await readFile((await download.path())!));
    const exported = JSON.parse(zip.get(`contact-${invitation.contactId}.json`)!.toString());
    expect(exported.contact.email).toBe(invitation.email);
    expect(JSON.stringify(exported)).toContain('Please forget me');
    expect(JSON.stringify(exported)).not.toMatch(/hash/i);
    await expect(admin.getByRole('status').filter({ hasText: en[status]! })).toBeVisible();
  }

  await admin.getByRole('button', { name: en['dataRights.erase']! }).click();
  const dialog = admin.getByRole('dialog', { name: en['dataRights.eraseTitle']! });
  const confirm = dialog.getByLabel(fill(en['dataRights.confirmEmail']!, { email: invitation.email }));
  await confirm.fill('someone-else@example.com');
  await dialog.getByRole('button', { name: en['dataRights.eraseConfirm']! }).click();
  await expect(dialog.getByText(en['apiError.confirmation_mismatch']!)).toBeVisible();
  await confirm.fill(invitation.email);
  await dialog.getByRole('button', { name: en['dataRights.eraseConfirm']! }).click();
  await expect(dialog).toBeHidden();
  const erased = en['dataRights.erased']!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '\\d+');
  await expect(admin.getByRole('status').filter({ hasText: new RegExp(erased) })).toBeVisible();

  // Gone from the directory, and the address no longer names them.
  await expect(admin.getByRole('heading', { level: 2, name: 'Erin Erase' })).toHaveCount(0);
  await expect(admin).toHaveURL((url) => !url.searchParams.has('contact'));
  await admin.reload();
  await expect(admin.getByText(fill(en['contacts.noMatches']!, { query: invitation.email }))).toBeVisible();
});

test('a contact with a page session sees their conversations and opens one with the same session', async ({ browser }) => {
  const first = inviteLink(['--name', 'Paula Page']);
  const writer = await (await browser.newContext()).newPage();
  await writer.goto(first.path);
  await write(writer, 'en', 'Written in the first conversation');
  await expect(log(writer, 'en').getByText(en['chat.sent']!, { exact: true })).toBeVisible();
  const second = inviteLink(['--name', 'Paula Page'], first.email);
  const pageLink = foyer('invite', '--email', first.email, '--page').trim().split('\n').at(-1)!;

  const contact = await (await browser.newContext()).newPage();
  await contact.goto(pathOf(pageLink));
  const list = contact.getByRole('list', { name: en['contactChats.list']! });
  await expect(list.getByRole('link')).toHaveCount(2);
  const written = list
    .getByRole('link')
    .filter({ hasText: fill(en['contactChats.fromYou']!, { text: 'Written in the first conversation' }) });
  await expect(written).toContainText(en['contactChats.status.open']!);
  await expect(list.getByRole('link').filter({ hasText: en['contactChats.noMessages']! })).toHaveCount(1);

  // Live: a staff reply in the other conversation shows with its unread count, without a reload.
  const staff = await signedIn(browser, `/en/chat/${second.chatBoxId}`);
  await write(staff, 'en', 'A reply from the staff');
  const replied = list.getByRole('link').filter({ hasText: 'A reply from the staff' });
  await expect(replied).toContainText(fill(en['contactChats.unread_one']!, { count: '1' }));

  await written.click();
  await expect(contact).toHaveURL(`/en/chat/${first.chatBoxId}`);
  await expect(log(contact, 'en').getByText('Written in the first conversation')).toBeVisible();
  await write(contact, 'en', 'And again, through the page session');
  await expect(log(contact, 'en').getByText(en['chat.sent']!, { exact: true }).last()).toBeVisible();
});

for (const lang of ['en', 'he']) {
  for (const theme of ['light14', 'dark14']) {
    test(`the inbox (its dialog open too), an open conversation and the staff page pass axe in ${lang}, ${theme}`, async ({
      browser,
      baseURL,
    }) => {
      const t = messages(lang);
      const staff = await signedIn(browser, `/${lang}/chat`, demoStaffLogin, lang);
      await staff.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await staff.reload();
      await expect(staff.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(staff.locator('.inbox-entry').first()).toBeVisible({ timeout: 30_000 });
      const check = async (include: string) => {
        const results = await new AxeBuilder({ page: staff })
          .include(include)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        expect(violationsOf(results)).toEqual([]);
      };
      await check('.workspace');
      await staff.getByRole('button', { name: t['invite.open']! }).click();
      await expect(staff.getByRole('dialog')).toBeVisible();
      await check('.modal-dialog');
      // A conversation open in the three panes, the bar above them included.
      await staff.keyboard.press('Escape');
      await staff.locator('.inbox-entry a').first().click();
      await expect(staff.getByRole('textbox', { name: t['chat.composerLabel']! })).toBeVisible();
      await expect(staff.locator('.workspace-details .chat-contact')).toBeVisible();
      await check('body');

      await staff.goto(`/${lang}/staff`);
      await expect(staff.getByRole('table', { name: t['staffAdmin.list']! })).toBeVisible();
      // The admins' part loads apart: its sections are there before the check.
      await expect(staff.getByRole('heading', { name: t['savedReplies.title']! })).toBeVisible();
      await check('.staff-admin');
    });
  }
}
