import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { normaliseQuery } from '../helpCentre/feedback.ts';
import { closeServices, type Services } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { builtSite } from '../../../tests/server/builtSite.ts';
import { apiCaller, testServices, type CallOptions } from '../../../tests/server/services.ts';
import { feedbackLimits } from '../helpCentre/feedback.ts';

const emulator = useAuthEmulator();

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(testDatabases)('readers’ feedback on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FOYER_OUT_DIR: builtSite() });
    call = apiCaller(services);
  });
  afterAll(() => closeServices(services));
  beforeEach(() => emptyDatabase(db));

  /** A call as a browser would make it: its user agent, and its cookie if it has one. */
  const as =
    (userAgent: string, cookie = '') =>
    (path: string, options: CallOptions & { address?: string } = {}) =>
      call(path, { ...options, headers: { 'user-agent': userAgent, ...(cookie && { cookie }) } });
  const votes = () =>
    db.query<{ helpful: boolean; comment: string | null; lang: string; article: string }>(`select * from article_votes order by id`);
  const form = (fields: Record<string, string>) => ({
    raw: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });

  it('a vote as JSON sets a voter cookie for the vote routes only; a second vote that day changes the first', async () => {
    const first = await as(browser)('/api/helpful', { body: { lang: 'en', article: 'basics/first-steps', helpful: true } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ saved: true });
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^foyer-voter=[0-9a-f-]{36}; Max-Age=86400; Path=\/api\/helpful; HttpOnly; Secure; SameSite=Lax$/);
    const again = await as(browser, cookie.split(';')[0])('/api/helpful', {
      body: { lang: 'en', article: 'basics/first-steps', helpful: false },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await votes()).toMatchObject([{ lang: 'en', article: 'basics/first-steps', helpful: false }]);
  });

  it('without JavaScript: "No" comes back to the article’s comment form, the comment to its thank-you', async () => {
    const no = await as(browser)('/api/helpful', form({ lang: 'ar', article: 'basics/first-steps', helpful: 'no' }));
    expect(no.status).toBe(303);
    expect(no.headers.get('location')).toBe('/ar/categories/basics/articles/first-steps#helpful-comment');
    const cookie = no.headers.get('set-cookie')!.split(';')[0]!;
    const comment = await as(browser, cookie)(
      '/api/helpful/comment',
      form({ lang: 'ar', article: 'basics/first-steps', comment: '  لم أجد <b>السعر</b>  ' }),
    );
    expect(comment.status).toBe(303);
    expect(comment.headers.get('location')).toBe('/ar/categories/basics/articles/first-steps#helpful-thanks');
    expect(await votes()).toMatchObject([{ helpful: false, comment: 'لم أجد <b>السعر</b>' }]);
  });

  it('without JavaScript: a refused form post goes back to the article’s error part, never to JSON', async () => {
    const blank = await as(browser)('/api/helpful/comment', form({ lang: 'de', article: 'basics/first-steps', comment: '   ' }));
    expect(blank.status).toBe(303);
    expect(blank.headers.get('location')).toBe('/de/categories/basics/articles/first-steps#helpful-error');
    const long = await as(browser)('/api/helpful/comment', form({ lang: 'en', article: 'basics/first-steps', comment: 'x'.repeat(501) }));
    expect(long.headers.get('location')).toBe('/en/categories/basics/articles/first-steps#helpful-error');
    const odd = await as(browser)('/api/helpful', form({ lang: 'en', article: 'basics/first-steps', helpful: 'maybe' }));
    expect(odd.headers.get('location')).toBe('/en/categories/basics/articles/first-steps#helpful-error');
    // Fields that name no article have nowhere to go back to: the API's own 400.
    const lost = await as(browser)('/api/helpful', form({ lang: 'xx', article: '../../etc', helpful: 'no' }));
    expect(lost.status).toBe(400);
    expect(lost.body.error.code).toBe('invalid_body');
    // JSON callers (the page's script) still get the 400 itself.
    const json = await as(browser)('/api/helpful/comment', { body: { lang: 'de', article: 'basics/first-steps', comment: '   ' } });
    expect(json.status).toBe(400);
    expect(await votes()).toEqual([]);
  });

  it('refuses unknown articles and languages, over-long comments and malformed bodies with clear 400s', async () => {
    const vote = (body: unknown) => as(browser)('/api/helpful', { body });
    expect((await vote({ lang: 'en', article: 'basics/nothing-here', helpful: true })).body.error.code).toBe('invalid_body');
    expect((await vote({ lang: 'de', article: 'basics/first-steps', helpful: true })).status).toBe(400);
    expect((await vote({ lang: 'xx', article: 'basics/first-steps', helpful: true })).status).toBe(400);
    expect((await vote({ lang: 'en', article: '../../etc/passwd', helpful: true })).status).toBe(400);
    expect((await vote({ lang: 'en', article: 'basics/first-steps', helpful: 'maybe' })).status).toBe(400);
    const long = await as(browser)('/api/helpful/comment', {
      body: { lang: 'en', article: 'basics/first-steps', comment: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect((await as(browser)('/api/helpful', { raw: '{"lang":', contentType: 'application/json' })).body.error.code).toBe('invalid_json');
    expect((await as(browser)('/api/search/miss', form({ lang: 'en', query: 'x' }))).status).toBe(415);
    expect(await votes()).toEqual([]);
  });

  it('ignores bots’ votes and searches, answering them like anyone else’s', async () => {
    expect((await as(crawler)('/api/helpful', { body: { lang: 'en', article: 'basics/first-steps', helpful: false } })).body).toEqual({
      saved: true,
    });
    expect((await as(crawler)('/api/search/miss', { body: { lang: 'en', query: 'zebra' } })).body).toEqual({ counted: false });
    expect(await votes()).toEqual([]);
    expect(await db.query('select * from search_misses')).toEqual([]);
  });

  it('a flood of votes from one address gets 429 (a form post comes back to the error), and what was stored stays', async () => {
    const flood = as(browser);
    for (let i = 0; i < feedbackLimits.votes.max; i += 1) {
      const answer = await flood('/api/helpful', {
        address: '198.51.100.7',
        body: { lang: 'en', article: 'basics/billing', helpful: i % 2 === 0 },
      });
      expect(answer.status).toBe(200);
    }
    const limited = await flood('/api/helpful', {
      address: '198.51.100.7',
      body: { lang: 'en', article: 'basics/billing', helpful: true },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const viaForm = await flood('/api/helpful', {
      address: '198.51.100.7',
      ...form({ lang: 'en', article: 'basics/billing', helpful: 'yes' }),
    });
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get('location')).toMatch(/#helpful-error$/);
    // Every browser (no cookie: a new voter each time) got its vote stored up to the limit.
    expect(await votes()).toHaveLength(feedbackLimits.votes.max);
  });

  it('offers on the chat box’s home the language’s articles readers found helpful more often than not, most first', async () => {
    const vote = (article: string, helpful: boolean, lang = 'en') => as(browser)('/api/helpful', { body: { lang, article, helpful } });
    const home = async (lang: string) => (await call(`/api/chat/home?lang=${lang}`, { method: 'GET' })).body;
    for (const helpful of [true, true, false]) await vote('basics/first-steps', helpful);
    for (const helpful of [true, false, false]) await vote('basics/billing', helpful);
    expect(await home('en')).toEqual({
      startAvailable: false,
      hours: null,
      articles: [{ article: 'basics/first-steps', title: 'First steps' }],
    });
    for (let i = 0; i < 3; i += 1) await vote('basics/billing', true);
    expect((await home('en')).articles.map((a: { article: string }) => a.article)).toEqual(['basics/billing', 'basics/first-steps']);
    expect((await home('ja')).articles).toEqual([]);
    expect((await call('/api/chat/home?lang=xx', { method: 'GET' })).status).toBe(400);
  });

  it('counts searches that found nothing, or nothing opened, per language and normalised text; staff see them with the articles and comments; admins clear a comment', async () => {
    for (const query of ['  Zebra   Stripes ', 'zebra stripes', 'ＺＥＢＲＡ stripes\u0007']) {
      expect((await as(browser)('/api/search/miss', { body: { lang: 'ja', query } })).body).toEqual({ counted: true });
    }
    // A NUL is refused, as in every text field.
    expect((await as(browser)('/api/search/miss', { body: { lang: 'ja', query: 'zebra\u0000' } })).status).toBe(400);
    await as(browser)('/api/search/miss', { body: { lang: 'ja', query: '請求書の再発行' } });
    await as(browser)('/api/search/miss', { body: { lang: 'en', query: 'zebra stripes' } });
    // Found articles, none opened: counted beside the searches that found nothing, under the same text.
    for (const query of ['パスワード', 'パスワード', 'Zebra stripes']) {
      expect((await as(browser)('/api/search/miss', { body: { lang: 'ja', query, kind: 'unopened' } })).body).toEqual({ counted: true });
    }
    expect((await as(browser)('/api/search/miss', { body: { lang: 'ja', query: 'x', kind: 'opened' } })).status).toBe(400);
    expect((await as(browser)('/api/search/miss', { body: { lang: 'ja', query: '   ' } })).body).toEqual({ counted: false });
    expect(normaliseQuery(`${'あ'.repeat(150)}`)).toHaveLength(100);

    const fresh = (helpful: boolean, article = 'basics/first-steps') =>
      as(browser)('/api/helpful', { body: { lang: 'en', article, helpful } });
    await fresh(true);
    await fresh(false);
    await fresh(false, 'basics/billing');
    const commented = await as(browser)('/api/helpful/comment', {
      body: { lang: 'en', article: 'basics/billing', comment: 'No prices <script>' },
    });
    expect(commented.status).toBe(200);

    const staff = async (role: 'admin' | 'agent') => {
      const email = `${role}-${randomUUID()}@example.com`;
      await upsertOrganizationUser(db, { email, role });
      return (await signedInUser(emulator.host, email)).idToken;
    };
    const agent = await staff('agent');
    const report = await call('/api/helpCentre/report', { token: agent, body: { lang: 'ja', days: 7 } });
    expect(report.status).toBe(200);
    expect(report.body.misses).toEqual([
      { query: 'zebra stripes', count: 3, unopened: 1 },
      { query: 'パスワード', count: 0, unopened: 2 },
      { query: '請求書の再発行', count: 1, unopened: 0 },
    ]);
    const en = (await call('/api/helpCentre/report', { token: agent, body: { lang: 'en', days: 30 } })).body;
    expect(en.articles).toEqual([
      { article: 'basics/billing', title: 'Billing', yes: 0, no: 2 },
      { article: 'basics/first-steps', title: 'First steps', yes: 1, no: 1 },
    ]);
    expect(en.comments).toMatchObject([{ article: 'basics/billing', title: 'Billing', comment: 'No prices <script>' }]);
    expect((await call('/api/helpCentre/report', { body: { lang: 'en', days: 7 } })).status).toBe(401);
    expect((await call('/api/helpCentre/report', { token: agent, body: { lang: 'en', days: 3 } })).status).toBe(400);

    const id = en.comments[0].id;
    expect((await call('/api/helpCentre/clearComment', { token: agent, body: { id } })).body.error.code).toBe('not_admin');
    const admin = await staff('admin');
    expect((await call('/api/helpCentre/clearComment', { token: admin, body: { id } })).body).toEqual({ ok: true });
    expect((await call('/api/helpCentre/clearComment', { token: admin, body: { id: 999_999 } })).status).toBe(404);
    const after = (await call('/api/helpCentre/report', { token: agent, body: { lang: 'en', days: 30 } })).body;
    expect(after.comments).toEqual([]);
    // The vote itself stays.
    expect(after.articles[0]).toMatchObject({ article: 'basics/billing', no: 2 });
  });
});
