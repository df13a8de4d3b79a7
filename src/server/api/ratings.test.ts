import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../lib/i18n/languages.ts';
import { sendMessage } from '../chat/messages.ts';
import type { Database } from '../db/database.ts';
import { serverTranslator } from '../mail/messages.ts';
import { scanMissedMessages } from '../mail/missedMessages.ts';
import { ratingToken } from '../mail/ratingLinks.ts';
import { closeServices, type Services } from '../services.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { signedInStaff, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { startMailCatcher, type MailCatcher } from '../../../tests/server/mailCatcher.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe.each(testDatabases)('ratings ("How was your conversation?") on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SMTP_URL: catcher.url,
      MAIL_FROM: 'Help <help@example.com>',
    });
    call = apiCaller(services);
    server = await startApiServer(services);
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });
  beforeEach(() => emptyDatabase(db));
  afterEach(() => void catcher.mails.splice(0));

  async function delivered() {
    await services.mail!.startWorker().drain();
    return catcher.mails.splice(0);
  }
  const staff = (role: 'admin' | 'agent', name: string) => signedInStaff(db, emulator.host, role, name);
  const contact = (name = 'Ana', lang: Lang = 'en') => contactWithSession(services, { name, lang });
  const post = (path: string, token: string, body: object = {}) => call(path, { token, body });
  const say = (chatBoxId: string, sender: { kind: 'contact' | 'staff'; id: string }, text: string) =>
    sendMessage(services, chatBoxId, { sender, clientId: randomUUID(), text });
  const rating = async (token: string, chatBoxId: string) =>
    (await post('/api/chat/messages/list', token, { chatBoxId })).body.chatBox.rating as {
      score: number | null;
      comment: string | null;
    } | null;

  it('asks once staff resolve a conversation they answered; the contact rates it there, both sides hear it, staff see it in the history', async () => {
    const lee = await staff('agent', 'Lee');
    const ana = await contact();
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'Help?');
    expect(await rating(ana.token, ana.chatBoxId)).toBeNull();
    // Not answered yet: resolving asks nothing, and there is nothing to rate.
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect(await rating(ana.token, ana.chatBoxId)).toBeNull();
    expect((await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, score: 5 })).status).toBe(409);
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'open' });

    await say(ana.chatBoxId, { kind: 'staff', id: lee.uid }, 'Done!');
    const contactStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    const staffStream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, lee.idToken);
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    const [resolved] = await contactStream.waitFor((e) => e.event === 'status' && (e.data as { status: string }).status === 'resolved');
    expect(resolved!.data).toMatchObject({ askRating: true });
    expect(await rating(ana.token, ana.chatBoxId)).toEqual({ score: null, comment: null });

    for (const odd of [{ score: 0 }, { score: 6 }, { score: 2.5 }, { score: 4, comment: 'x'.repeat(501) }]) {
      expect((await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, ...odd })).status).toBe(400);
    }
    const rated = await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, score: 4, comment: '  Quick, thanks  ' });
    expect(rated.body).toEqual({ rating: { score: 4, comment: 'Quick, thanks' } });
    await staffStream.waitFor((e) => e.event === 'rating');
    await contactStream.waitFor((e) => e.event === 'rating');
    const history = (await post('/api/chat/messages/list', lee.idToken, { chatBoxId: ana.chatBoxId })).body.activity;
    expect(history.at(-1)).toMatchObject({ type: 'rating', score: 4, comment: 'Quick, thanks', by: null });
    // Changed their mind: the same resolution, a new answer.
    await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, score: 5 });
    expect(await rating(lee.idToken, ana.chatBoxId)).toEqual({ score: 5, comment: null });

    // Another contact cannot rate it; staff cannot either.
    const bo = await contact('Bo');
    expect((await post('/api/chat/rate', bo.token, { chatBoxId: ana.chatBoxId, score: 1 })).body.error.code).toBe('out_of_scope');
    expect((await post('/api/chat/rate', lee.idToken, { chatBoxId: ana.chatBoxId, score: 1 })).status).toBe(401);

    // Reopened and resolved again: asked again, rated again.
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'One more thing');
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect(await rating(ana.token, ana.chatBoxId)).toEqual({ score: null, comment: null });
    await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, score: 2 });
    const admin = await staff('admin', 'Dana');
    const exported = (await post('/api/contacts/export', admin.idToken, { contactId: ana.contactId })).body.export;
    expect(exported.chatBoxes[0].ratings.map((given: { score: number }) => given.score)).toEqual([5, 2]);

    // The same answer again changes nothing: no second event.
    const events = staffStream.events.filter((e) => e.event === 'rating').length;
    await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, score: 2 });
    await post('/api/chat/rate', ana.token, { chatBoxId: ana.chatBoxId, score: 3 });
    await staffStream.waitFor((e) => e.event === 'rating', events + 1);
    expect(staffStream.events.filter((e) => e.event === 'rating')).toHaveLength(events + 1);

    // Asked again and left unanswered, then the organisation stops asking: resolving once more asks nothing, and
    // what went unanswered is not asked any more (the last answer stands).
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'Again');
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect(await rating(ana.token, ana.chatBoxId)).toEqual({ score: null, comment: null });
    await post('/api/settings/update', admin.idToken, { askForRating: false });
    await say(ana.chatBoxId, { kind: 'contact', id: ana.contactId }, 'And again');
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect(await rating(ana.token, ana.chatBoxId)).toEqual({ score: 3, comment: null });

    // An admin turned the question off: resolving asks nothing more.
    await say(bo.chatBoxId, { kind: 'staff', id: lee.uid }, 'Hello Bo');
    await post('/api/chat/status', lee.idToken, { chatBoxId: bo.chatBoxId, status: 'resolved' });
    expect(await rating(bo.token, bo.chatBoxId)).toBeNull();
  });

  it('asks a contact who was away once, by e-mail; its page takes the rating without JavaScript; a changed link does nothing', async () => {
    const lee = await staff('agent', 'Lee');
    const de = serverTranslator('de');
    const en = serverTranslator('en');
    // Ana has Lee's answer unread: the missed-message e-mail asks it too (one e-mail, not two).
    const ana = await contact('Ana', 'de');
    await say(ana.chatBoxId, { kind: 'staff', id: lee.uid }, 'Erledigt!');
    await post('/api/chat/status', lee.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    // Cy read the answer before leaving: the question comes in an e-mail of its own.
    const cy = await contact('Cy');
    const answer = await say(cy.chatBoxId, { kind: 'staff', id: lee.uid }, 'Done');
    await post('/api/chat/read', cy.token, { chatBoxId: cy.chatBoxId, messageId: answer.id });
    await post('/api/chat/status', lee.idToken, { chatBoxId: cy.chatBoxId, status: 'resolved' });
    // Bo rates in the conversation before the e-mail would go: Bo gets none about it.
    const bo = await contact('Bo');
    const boAnswer = await say(bo.chatBoxId, { kind: 'staff', id: lee.uid }, 'Done');
    await post('/api/chat/read', bo.token, { chatBoxId: bo.chatBoxId, messageId: boAnswer.id });
    await post('/api/chat/status', lee.idToken, { chatBoxId: bo.chatBoxId, status: 'resolved' });
    await post('/api/chat/rate', bo.token, { chatBoxId: bo.chatBoxId, score: 3 });

    await scanMissedMessages(services, minutes(6));
    await scanMissedMessages(services, minutes(8));
    const mails = await delivered();
    expect(mails.map((sent) => [sent.to, sent.subject]).sort()).toEqual(
      [
        [ana.email, de('mail.missed.subject', { organisation: de('site.name') })],
        [cy.email, en('mail.rating.subject', { organisation: en('site.name') })],
      ].sort(),
    );
    const ratingLinks = (text: string, lang: string) =>
      [...text.matchAll(new RegExp(`https://help\\.example\\.com/${lang}/rate\\?\\S+`, 'g'))].map((found) => new URL(found[0]));
    const cyMail = mails.find((sent) => sent.to === cy.email)!;
    expect(cyMail.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(ratingLinks(cyMail.text, 'en').map((link) => link.searchParams.get('score'))).toEqual(['1', '2', '3', '4', '5']);
    const mail = mails.find((sent) => sent.to === ana.email)!;
    expect(mail.text).toContain('> Erledigt!');
    const links = ratingLinks(mail.text, 'de');
    expect(links.map((link) => link.searchParams.get('score'))).toEqual(['1', '2', '3', '4', '5']);
    const token = links[3]!.searchParams.get('token')!;

    // The page's form, as a browser without JavaScript posts it: back to the page, saying it is done.
    const form = (fields: Record<string, string>) =>
      call('/api/ratings/rate', { raw: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' });
    // A form counts a line break as one character and posts it as two: 250 lines of one letter fit 500.
    expect((await form({ token, back: 'de', score: '4', comment: 'a\r\n'.repeat(250) })).status).toBe(303);
    const posted = await form({ token, back: 'de', score: '4', comment: 'Sehr nett' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/de/rate?done=1');
    expect(await rating(ana.token, ana.chatBoxId)).toEqual({ score: 4, comment: 'Sehr nett' });
    // A changed token, or one for a rating that does not exist: the page says the link does not work.
    const changed = await form({ token: `${token.slice(0, -2)}xx`, back: 'de', score: '1' });
    expect(changed.headers.get('location')).toBe(`/de/rate?${new URLSearchParams({ token: `${token.slice(0, -2)}xx`, failed: '1' })}`);
    expect((await post('/api/ratings/rate', '', { token: ratingToken(services.keys.ratings, 999_999), score: 1 })).body.error.code).toBe(
      'link_invalid',
    );
    expect(await rating(ana.token, ana.chatBoxId)).toEqual({ score: 4, comment: 'Sehr nett' });
  });

  it('sums up for admins per week and per staff member, with the comments', async () => {
    const admin = await staff('admin', 'Dana');
    const lee = await staff('agent', 'Lee');
    for (const [score, comment] of [
      [5, 'Great'],
      [3, ''],
      [4, 'Fine'],
    ] as const) {
      const someone = await contact();
      await say(someone.chatBoxId, { kind: 'staff', id: lee.uid }, 'Answer');
      await post('/api/chat/status', lee.idToken, { chatBoxId: someone.chatBoxId, status: 'resolved' });
      await post('/api/chat/rate', someone.token, { chatBoxId: someone.chatBoxId, score, comment });
    }
    const unrated = await contact();
    await say(unrated.chatBoxId, { kind: 'staff', id: admin.uid }, 'Answer');
    await post('/api/chat/assign', admin.idToken, { chatBoxId: unrated.chatBoxId, assignee: admin.email });
    await post('/api/chat/status', admin.idToken, { chatBoxId: unrated.chatBoxId, status: 'resolved' });

    expect((await post('/api/ratings/report', lee.idToken, { weeks: 4 })).status).toBe(403);
    expect((await post('/api/ratings/report', admin.idToken, { weeks: 5 })).status).toBe(400);
    const report = (await post('/api/ratings/report', admin.idToken, { weeks: 4 })).body;
    expect(report.weeks).toEqual([
      { week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), asked: 4, count: 3, average: 4, scores: [0, 0, 1, 1, 1] },
    ]);
    expect(report.staff).toEqual([{ name: 'Lee', email: lee.email, count: 3, average: 4, scores: [0, 0, 1, 1, 1] }]);
    expect(report.comments.map((given: { comment: string }) => given.comment)).toEqual(['Fine', 'Great']);
  });
});
