import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OfficeHours } from '../../lib/api/settings.ts';
import type { Database } from '../db/database.ts';
import { closeServices, type Services } from '../services.ts';
import { signedInStaff, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();
const nineToFive = [{ from: '09:00', to: '17:00' }];
/** Monday to Friday, 9:00 to 17:00 in Paris (UTC+1 in winter), replies within 2 hours. */
const parisHours: OfficeHours = {
  enabled: true,
  timeZone: 'Europe/Paris',
  week: [nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, [], []],
  holidays: [],
  replyWithinMinutes: 120,
};
// The clock the tests set: a Wednesday morning, a Saturday night, the Monday evening after.
const wednesday10 = Date.parse('2026-12-02T10:00:00Z');
const saturday21 = Date.parse('2026-11-28T20:00:00Z');
const mondayEvening = Date.parse('2026-11-30T18:00:00Z');

describe.each(testDatabases)('office hours and the away message on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
    call = apiCaller(services);
  });
  beforeEach(async () => {
    services.clock = () => wednesday10;
    await emptyDatabase(db);
  });
  afterAll(() => closeServices(services));

  const staff = (role: 'admin' | 'agent', name: string) => signedInStaff(db, emulator.host, role, name);
  const contact = () => contactWithSession(services, { lang: 'ja' });
  const post = (path: string, token: string, body: object = {}) => call(path, { token, body });
  const write = (token: string, chatBoxId: string, text: string, internal?: boolean) =>
    post('/api/chat/messages/send', token, { chatBoxId, clientId: randomUUID(), text, ...(internal && { internal }) });
  const history = async (token: string, chatBoxId: string) =>
    (await post('/api/chat/messages/list', token, { chatBoxId })).body.activity as { type: string; opensAt?: string | null }[];
  const aways = async (token: string, chatBoxId: string) => (await history(token, chatBoxId)).filter((line) => line.type === 'away');

  it('admins set the hours; what is not a week of openings, a time zone or a date is refused with the field named', async () => {
    const admin = await staff('admin', 'Dana');
    const agent = await staff('agent', 'Lee');
    const hours = parisHours;
    expect((await post('/api/settings/update', agent.idToken, { officeHours: hours })).status).toBe(403);
    const odd: unknown[] = [
      { ...hours, timeZone: 'Mars/Olympus' },
      { ...hours, week: hours.week.slice(1) },
      { ...hours, week: [[{ from: '17:00', to: '09:00' }], [], [], [], [], [], []] },
      {
        ...hours,
        week: [
          [
            { from: '09:00', to: '12:00' },
            { from: '11:00', to: '13:00' },
          ],
          [],
          [],
          [],
          [],
          [],
          [],
        ],
      },
      { ...hours, week: [[{ from: '9:00', to: '12:00' }], [], [], [], [], [], []] },
      { ...hours, week: [[{ from: '09:00', to: '24:01' }], [], [], [], [], [], []] },
      { ...hours, holidays: ['2026-02-30'] },
      { ...hours, holidays: ['2026-12-24', '2026-12-24'] },
      { ...hours, replyWithinMinutes: 0 },
      { ...hours, extra: true },
    ];
    for (const officeHours of odd) {
      const answer = await post('/api/settings/update', admin.idToken, { officeHours });
      expect(answer.status, JSON.stringify(officeHours)).toBe(400);
      expect(answer.body.error.code).toBe('invalid_body');
      expect(answer.body.error.issues[0].path).toMatch(/^officeHours/);
    }
    const saved = await post('/api/settings/update', admin.idToken, { officeHours: hours });
    expect(saved.body.settings.officeHours).toEqual(hours);
    // Other settings are left as they were.
    expect(saved.body.settings.askForRating).toBe(true);
    expect((await post('/api/settings/get', agent.idToken)).body.settings.officeHours).toEqual(hours);
    // Turned off, they are kept for next time.
    const off = await post('/api/settings/update', admin.idToken, { officeHours: { ...hours, enabled: false } });
    expect(off.body.settings.officeHours).toEqual({ ...hours, enabled: false });
  });

  it('tells the contact whether the team is in and until when, how soon it replies, or when it is back', async () => {
    const admin = await staff('admin', 'Dana');
    const ana = await contact();
    const team = async () => (await post('/api/organizationUsers/team', ana.token, { chatBoxId: ana.chatBoxId })).body.hours;
    await post('/api/settings/update', admin.idToken, { officeHours: null });
    expect(await team()).toBeNull();
    await post('/api/settings/update', admin.idToken, { officeHours: parisHours });
    expect(await team()).toEqual({ open: true, opensAt: null, closesAt: '2026-12-02T16:00:00.000Z', replyWithinMinutes: 120 });
    services.clock = () => saturday21;
    expect(await team()).toEqual({ open: false, opensAt: '2026-11-30T08:00:00.000Z', closesAt: null, replyWithinMinutes: 120 });
    // Monday a holiday: Tuesday, 9:00 in Paris.
    await post('/api/settings/update', admin.idToken, { officeHours: { ...parisHours, holidays: ['2026-11-30'] } });
    expect(await team()).toMatchObject({ open: false, opensAt: '2026-12-01T08:00:00.000Z' });
    // Turned off: contacts are told nothing of them.
    await post('/api/settings/update', admin.idToken, { officeHours: { ...parisHours, enabled: false } });
    expect(await team()).toBeNull();
  });

  it('answers a contact who writes while the team is away once, until staff write; never while it is in', async () => {
    const admin = await staff('admin', 'Dana');
    const ana = await contact();
    await post('/api/settings/update', admin.idToken, { officeHours: parisHours });
    await write(ana.token, ana.chatBoxId, 'Hello?');
    expect(await aways(admin.idToken, ana.chatBoxId)).toEqual([]);

    services.clock = () => saturday21;
    const opensAt = '2026-11-30T08:00:00.000Z';
    // Staff writing at night are not answered by it.
    await write(admin.idToken, ana.chatBoxId, 'Late here too');
    expect(await aways(admin.idToken, ana.chatBoxId)).toEqual([]);
    await write(ana.token, ana.chatBoxId, 'Anyone there?');
    await write(ana.token, ana.chatBoxId, 'Still waiting');
    // Both sides see it, with when the team is back; the contact sees nothing else of the history.
    expect(await aways(ana.token, ana.chatBoxId)).toEqual([expect.objectContaining({ type: 'away', opensAt, by: null })]);
    await post('/api/chat/status', admin.idToken, { chatBoxId: ana.chatBoxId, status: 'resolved' });
    expect((await history(ana.token, ana.chatBoxId)).map((line) => line.type)).toEqual(['away']);
    expect((await history(admin.idToken, ana.chatBoxId)).map((line) => line.type)).toEqual(['away', 'status']);

    // A note is not an answer; a reply is, and the next message while away is answered again.
    await write(admin.idToken, ana.chatBoxId, 'Call her tomorrow', true);
    await write(ana.token, ana.chatBoxId, 'Hello again');
    expect(await aways(ana.token, ana.chatBoxId)).toHaveLength(1);
    await write(admin.idToken, ana.chatBoxId, 'Back tomorrow, sorry');
    await write(ana.token, ana.chatBoxId, 'Thanks');
    expect(await aways(ana.token, ana.chatBoxId)).toHaveLength(2);

    // Nobody wrote back, and the time the answer named has passed: a new closed spell, a new answer.
    services.clock = () => mondayEvening;
    await write(ana.token, ana.chatBoxId, 'Monday evening now');
    await write(ana.token, ana.chatBoxId, 'And again');
    expect((await aways(ana.token, ana.chatBoxId)).map((line) => line.opensAt)).toEqual([opensAt, opensAt, '2026-12-01T08:00:00.000Z']);

    // The contact's message is stored as always, and reopens the conversation as always.
    const list = (await post('/api/chat/messages/list', ana.token, { chatBoxId: ana.chatBoxId })).body;
    expect(list.messages.map((message: { text: string }) => message.text)).toEqual([
      'Hello?',
      'Late here too',
      'Anyone there?',
      'Still waiting',
      'Hello again',
      'Back tomorrow, sorry',
      'Thanks',
      'Monday evening now',
      'And again',
    ]);
    expect(list.chatBox.status).toBe('open');
  });
});
