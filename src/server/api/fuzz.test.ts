import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import { createApi, routes } from '../http/router.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { invited, type InvitedContact } from '../../../tests/server/invitations.ts';
import { builtSite } from '../../../tests/server/builtSite.ts';
import { apiCaller, testServices, type CallOptions } from '../../../tests/server/services.ts';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const oddStrings = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '‮override‬',
  '🙂'.repeat(50),
  'ﷺ',
  'a\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  "'; drop table contacts; --",
  '${7*7}',
  '../../etc/passwd',
  'cb_',
  'ct_' + 'z'.repeat(20),
  'cb_' + '0'.repeat(20),
  'page',
  'PAGE',
  '12345678',
  '１２３４５６７８',
  '1234567',
  '123456789',
  'x'.repeat(10_000),
  'x'.repeat(70_000),
];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function oddValue(rand: () => number, depth = 0): unknown {
  switch (Math.floor(rand() * 9)) {
    case 0:
      return pick(rand, oddStrings);
    case 1:
      return Math.floor(rand() * 2 ** 53) * (rand() < 0.5 ? -1 : 1);
    case 2:
      return pick(rand, [0, -0, 1e308, -1e-308, 0.5, 99999999]);
    case 3:
      return pick(rand, [true, false, null]);
    case 4:
      return depth > 3 ? [] : Array.from({ length: Math.floor(rand() * 4) }, () => oddValue(rand, depth + 1));
    case 5:
      return depth > 3 ? {} : { [pick(rand, ['a', '__proto__', 'constructor', 'chatBoxId'])]: oddValue(rand, depth + 1) };
    case 6:
      return String.fromCodePoint(
        ...Array.from({ length: 1 + Math.floor(rand() * 40) }, () => Math.floor(rand() * 0x10ffff)).filter((c) => c < 0xd800 || c > 0xdfff),
      );
    default:
      return pick(rand, oddStrings).slice(0, 50);
  }
}

const fields = [
  ...['chatBoxId', 'contactId', 'otp', 'token', 'uid', 'clientId', 'text', 'messageId', 'before', 'after', 'limit', 'internal'],
  ...['assignee', 'status', 'assigned', 'query', 'email', 'role', 'name', 'target', 'lang', 'confirmEmail', 'texts', 'score', 'comment'],
  ...['officeHours', 'timeZone', 'week', 'holidays', 'replyWithinMinutes', 'from', 'to'],
];

/** One malformed request: bodies of wrong types, missing or odd fields, broken JSON, wrong content types. */
function malformed(rand: () => number, valid: Record<string, unknown>, jwt: string): CallOptions {
  const token = rand() < 0.5 ? jwt : pick(rand, [undefined, 'x', `${jwt}x`, jwt.split('.').reverse().join('.')]);
  switch (Math.floor(rand() * 8)) {
    case 0:
      return {
        token,
        raw: pick(rand, ['', '{', '}', '[', 'nul', '{"a":1,}', "{'a':1}", '\u0000', '\ufeff{}', '{"a":"\\ud800"}', 'x'.repeat(1000)]),
      };
    case 1:
      return {
        token,
        contentType: pick(rand, [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          '',
          'application/jsonx',
          'json',
        ]),
        raw: JSON.stringify(valid),
      };
    case 2:
      return { token, body: oddValue(rand) };
    case 3: {
      const body: Record<string, unknown> = { ...valid };
      delete body[pick(rand, Object.keys(valid))];
      return { token, body };
    }
    case 4:
      return { token, body: { ...valid, [pick(rand, fields)]: oddValue(rand) } };
    case 5:
      return { token, body: Object.fromEntries(fields.map((field) => [field, oddValue(rand)])) };
    case 6:
      return { token, raw: new Uint8Array(Array.from({ length: 1 + Math.floor(rand() * 200) }, () => Math.floor(rand() * 256))) };
    default:
      return { token, method: pick(rand, ['GET', 'PUT', 'DELETE', 'PATCH']), body: valid };
  }
}

describe.each(testDatabases)('the API under malformed input on $name', ({ open }) => {
  let db: Database;
  let call: ReturnType<typeof apiCaller>;
  let contact: InvitedContact;
  let jwt: string;
  let services: Services;
  let messageId: number;
  beforeAll(async () => {
    db = await open();
    // E-mail set up (nothing is sent: no worker runs), so "send me a new link" goes all the way to the outbox.
    services = await testServices(db, {
      VERIFY_RATE_LIMIT: '100000',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'help@example.com',
      // Articles that exist, so votes reach the database.
      FOYER_OUT_DIR: builtSite(),
    });
    call = apiCaller(services);
    contact = await invited(services);
    jwt = (await call('/api/chat/verify', { body: { ...contact, otp: contact.code, token: '' } })).body.data.jwt;
    const sent = await call('/api/chat/messages/send', {
      token: jwt,
      body: { chatBoxId: contact.chatBoxId, clientId: randomUUID(), text: 'hi' },
    });
    messageId = sent.body.message.id;
  });
  afterAll(() => db.close());

  const endpoints: [string, (c: InvitedContact) => Record<string, unknown>][] = [
    ['/api/chat/verify', (c) => ({ chatBoxId: c.chatBoxId, contactId: c.contactId, otp: '12345678', token: '' })],
    ['/api/verify', (c) => ({ chatBoxId: 'page', contactId: c.contactId, otp: '12345678', token: '' })],
    ['/api/chat/extend', (c) => ({ chatBoxId: c.chatBoxId, token: '' })],
    ['/api/chat/newLink', (c) => ({ email: 'ana@example.com', lang: 'de', chatBoxId: c.chatBoxId, token: '' })],
    ['/api/chat/start', () => ({ lang: 'he', name: 'Noa', email: 'noa@example.com', text: 'שלום', clientId: randomUUID(), token: '' })],
    ['/api/chat/start/verify', () => ({ startId: `st_${'a'.repeat(20)}`, otp: '12345678', token: '' })],
    ['/api/me/notifications', () => ({ lang: 'fr', missedMessageMail: false })],
    ['/api/helpful', () => ({ lang: 'en', article: 'basics/first-steps', helpful: true })],
    ['/api/helpful/comment', () => ({ lang: 'en', article: 'basics/first-steps', comment: 'Too short' })],
    ['/api/search/miss', () => ({ lang: 'ja', query: 'zebra' })],
    ['/api/helpCentre/report', () => ({ lang: 'en', days: 7 })],
    ['/api/helpCentre/clearComment', () => ({ id: 1 })],
    ['/api/organizationUsers/get', (c) => ({ chatBoxId: c.chatBoxId, uid: 'demo-staff' })],
    ['/api/organizationUsers/team', (c) => ({ chatBoxId: c.chatBoxId })],
    ['/api/contacts/get', (c) => ({ chatBoxId: c.chatBoxId })],
    ['/api/chat/messages/list', (c) => ({ chatBoxId: c.chatBoxId, before: messageId, limit: 10 })],
    ['/api/chat/messages/send', (c) => ({ chatBoxId: c.chatBoxId, clientId: randomUUID(), text: 'Hello' })],
    ['/api/chat/read', (c) => ({ chatBoxId: c.chatBoxId, messageId })],
    ['/api/chat/typing', (c) => ({ chatBoxId: c.chatBoxId })],
    ['/api/chat/boxes', (c) => ({ chatBoxId: c.chatBoxId })],
    ['/api/chat/assign', (c) => ({ chatBoxId: c.chatBoxId, assignee: 'lee@example.com' })],
    ['/api/chat/status', (c) => ({ chatBoxId: c.chatBoxId, status: 'resolved' })],
    ['/api/chat/snooze', (c) => ({ chatBoxId: c.chatBoxId, until: new Date(Date.now() + 3600_000).toISOString() })],
    ['/api/chat/tags', (c) => ({ chatBoxId: c.chatBoxId, add: [1], remove: [2] })],
    ['/api/chat/priority', (c) => ({ chatBoxId: c.chatBoxId, priority: 'high' })],
    ['/api/inbox/bulk', (c) => ({ chatBoxIds: [c.chatBoxId], action: { type: 'tag', tagId: 1, add: true } })],
    ['/api/tags/list', () => ({})],
    ['/api/tags/create', () => ({ name: 'Billing' })],
    ['/api/tags/rename', () => ({ id: 1, name: 'Invoices' })],
    ['/api/tags/delete', () => ({ id: 1 })],
    ['/api/savedReplies/list', () => ({})],
    ['/api/savedReplies/create', () => ({ name: 'Greeting', texts: { en: 'Hello {{contact.name}}', ar: 'مرحبًا' } })],
    ['/api/savedReplies/update', () => ({ id: 1, name: 'Hello', texts: { de: 'Hallo' } })],
    ['/api/savedReplies/delete', () => ({ id: 1 })],
    ['/api/savedReplies/used', () => ({ id: 1 })],
    ['/api/settings/get', () => ({})],
    [
      '/api/settings/update',
      () => ({
        transcriptOnResolve: true,
        askForRating: false,
        officeHours: {
          timeZone: 'Asia/Tokyo',
          week: [
            [
              { from: '09:00', to: '12:00' },
              { from: '13:00', to: '24:00' },
            ],
            [],
            [],
            [],
            [],
            [],
            [],
          ],
          holidays: ['2026-12-31'],
          replyWithinMinutes: 60,
        },
      }),
    ],
    ['/api/ratings/report', () => ({ weeks: 12 })],
    ['/api/ratings/rate', () => ({ token: '1.AAAAAAAAAAAAAAAAAAAAAAAA', score: 4, comment: 'Fine' })],
    ['/api/chat/transcript', (c) => ({ chatBoxId: c.chatBoxId })],
    ['/api/chat/files/access', (c) => ({ chatBoxId: c.chatBoxId })],
    ['/api/chat/mute', (c) => ({ chatBoxId: c.chatBoxId, muted: true })],
    ['/api/me/alerts', () => ({ sound: true })],
    ['/api/chat/rate', (c) => ({ chatBoxId: c.chatBoxId, score: 5, comment: 'Thanks' })],
    ['/api/staff/list', () => ({})],
    ['/api/inbox/list', () => ({ status: 'open', assigned: 'me', query: 'hello', limit: 10 })],
    ['/api/staff/add', () => ({ email: 'lee@example.com', role: 'agent', name: 'Lee' })],
    ['/api/staff/role', () => ({ email: 'lee@example.com', role: 'admin' })],
    ['/api/staff/remove', () => ({ email: 'lee@example.com' })],
    ['/api/invitations/recent', () => ({})],
    ['/api/invitations/create', (c) => ({ target: 'chatBox', chatBoxId: c.chatBoxId, email: 'ana@example.com', lang: 'de' })],
    ['/api/contacts/list', () => ({ query: 'ana%_\\', offset: 0, limit: 10 })],
    ['/api/contacts/details', (c) => ({ contactId: c.contactId })],
    ['/api/contacts/export', (c) => ({ contactId: c.contactId })],
    ['/api/contacts/export/archive', (c) => ({ contactId: c.contactId, audience: 'team' })],
    ['/api/contacts/erase', (c) => ({ contactId: c.contactId, confirmEmail: 'ana@example.com' })],
    ['/api/blockedAddresses/list', () => ({})],
    ['/api/blockedAddresses/add', () => ({ entry: 'spam.example' })],
    ['/api/blockedAddresses/remove', () => ({ entry: 'pest@example.com' })],
  ];

  it('covers every route that takes a body (the e-mail links and uploads have tests of their own below)', () => {
    const posts = routes.filter(
      (declared) => declared.method === 'POST' && !declared.path.startsWith('/api/mail/') && declared.path !== '/api/chat/files/upload',
    );
    expect(posts.map((declared) => declared.path).filter((path) => !endpoints.some(([covered]) => covered === path))).toEqual([]);
  });

  it.each(endpoints)('%s answers 1,500 odd requests without a single 5xx', { timeout: 120_000 }, async (path, body) => {
    const rand = random(path.length * 7919);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1500; i += 1) {
      const answer = await call(path, malformed(rand, body(contact), jwt));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      // A few variations are valid after all (an optional field left out, an unknown one ignored).
      if (answer.status >= 400) expect(answer.body.error.code).toMatch(/^[a-z_]+$/);
    }
    const refused = [...statuses].filter(([status]) => status >= 400).reduce((sum, [, n]) => sum + n, 0);
    expect(refused).toBeGreaterThanOrEqual(1000);
    // The mix reached several kinds of refusal, not only one (a route that reads no body: its caller's kinds).
    const readsBody = routes.some((declared) => declared.path === path && declared.body);
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(readsBody ? 4 : 2);
  });

  it.each(['unsubscribe', 'resubscribe'])(
    '/api/mail/%s answers 1,500 odd tokens and bodies without a single 5xx',
    { timeout: 120_000 },
    async (path) => {
      const rand = random(1213);
      const statuses = new Set<number>();
      for (let i = 0; i < 1500; i += 1) {
        const value = oddValue(rand);
        const token = encodeURIComponent((typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).toWellFormed());
        const query = rand() < 0.8 ? `?token=${token}` : pick(rand, ['', '?', '?token=', `?token=${token}&token=x`, `?other=${token}`]);
        // The page's form names its language; an odd one is refused like any other field.
        const back = pick(rand, ['', '', 'back=de', 'back=xx', `back=${token}`]);
        const { body, raw, method, contentType } = { contentType: 'application/x-www-form-urlencoded', ...malformed(rand, {}, '') };
        const answer = await call(`/api/mail/${path}${query}${back && (query.includes('?') ? '&' : '?')}${back}`, {
          body,
          raw: raw ?? 'List-Unsubscribe=One-Click',
          method,
          contentType,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.body.error.code).toMatch(/^[a-z_]+$/);
        // Back to the page, and only to it.
        if (answer.status === 303) expect(answer.headers.get('location')).toBe('/de/unsubscribe?failed=1');
        statuses.add(answer.status);
      }
      expect([...statuses].sort()).toEqual([303, 400, 405]);
    },
  );

  it(
    '/api/chat/files/upload and download answer 1,500 odd files, queries and tokens without a single 5xx',
    { timeout: 240_000 },
    async () => {
      const rand = random(2718);
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      const value = (v: unknown) => encodeURIComponent((typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).toWellFormed());
      const statuses = new Set<number>();
      const fileIds: string[] = ['fl_00000000000000000000'];
      let access = '';
      for (let i = 0; i < 1500; i += 1) {
        // Past the limit of uploads per sender every upload would be a 429: start it again now and then.
        if (i % 50 === 0) {
          await db.query(`delete from rate_limits where key like 'upload:%'`);
          access = (await call('/api/chat/files/access', { token: jwt, body: { chatBoxId: contact.chatBoxId } })).body.access;
        }
        const random = () => new Uint8Array(Array.from({ length: Math.floor(rand() * 3000) }, () => Math.floor(rand() * 256)));
        const raw = pick(rand, [
          random(),
          Buffer.concat([png, random()]),
          new Uint8Array(),
          'plain text, as a log file is',
          '<html><script>alert(1)</script></html>',
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG\r\n--x--',
        ]);
        if (rand() < 0.6) {
          const chatBoxId = rand() < 0.7 ? contact.chatBoxId : value(oddValue(rand));
          const name =
            rand() < 0.6 ? pick(rand, ['a.png', '../../etc/passwd', '\u202egnp.exe', ' ', 'x'.repeat(300)]) : value(oddValue(rand));
          const query =
            rand() < 0.9 ? `chatBoxId=${chatBoxId}&name=${encodeURIComponent(name)}` : `${pick(rand, fields)}=${value(oddValue(rand))}`;
          const { token, method, contentType } = malformed(rand, {}, jwt);
          const answer = await call(`/api/chat/files/upload?${query}`, { token, raw, method, contentType });
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          if (answer.status >= 400) expect(answer.body.error.code).toMatch(/^[a-z_]+$/);
          else fileIds.push(answer.body.file.id);
          statuses.add(answer.status);
        } else {
          const fileId = rand() < 0.7 ? pick(rand, fileIds) : value(oddValue(rand));
          const variant = pick(rand, ['original', 'display', 'thumb', '', value(oddValue(rand))]);
          const key = rand() < 0.7 ? access : pick(rand, ['', 'x', `${access}x`, value(oddValue(rand))]);
          const response = await createApi(services).handle(
            new Request(`http://localhost/api/chat/files/download?fileId=${fileId}&variant=${variant}&access=${key}`),
            '192.0.2.1',
          );
          expect(response.status).toBeLessThan(500);
          await response.arrayBuffer();
          statuses.add(response.status);
        }
      }
      expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 415]));
    },
  );

  it('/api/chat/stream answers 1,500 odd queries and Last-Event-IDs without a single 5xx', { timeout: 120_000 }, async () => {
    const api = createApi(services);
    const rand = random(4242);
    let refused = 0;
    for (let i = 0; i < 1500; i += 1) {
      // A lone surrogate cannot be percent-encoded at all; its escape stands in for it.
      const value = (v: unknown) => encodeURIComponent((typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).toWellFormed());
      const query = rand() < 0.3 ? `chatBoxId=${contact.chatBoxId}` : `${pick(rand, [...fields, 'chatBoxId'])}=${value(oddValue(rand))}`;
      const headers = new Headers({ authorization: `Bearer ${rand() < 0.7 ? jwt : pick(rand, ['x', `${jwt}x`, ''])}` });
      if (rand() < 0.6) headers.set('last-event-id', String(pick(rand, ['-1', '1e3', '0x10', ' 7', '9'.repeat(30), '00007', 'abc', '3'])));
      const response = await api.handle(new Request(`http://localhost/api/chat/stream?${query}`, { headers }), '192.0.2.1');
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400) {
        refused += 1;
        expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/^[a-z_]+$/);
      } else {
        await response.body?.cancel();
      }
    }
    expect(refused).toBeGreaterThanOrEqual(1000);
  });
});
