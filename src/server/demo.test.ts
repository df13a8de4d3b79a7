import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { demoContact, demoInviteLink, demoStaff, seedDemo } from './demo.ts';
import { emptyDatabase, testDatabases } from '../../tests/server/databases.ts';
import { apiCaller, testServices } from '../../tests/server/services.ts';

describe.each(testDatabases)('the demo on $name', ({ open }) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await emptyDatabase(db);
  });
  afterAll(() => db.close());

  it('is seeded once on an empty database: staff, contact, a chat box with messages, and a working invite link', async () => {
    const services = await testServices(db);
    expect(await seedDemo(services)).toBe(true);
    expect(await seedDemo(services)).toBe(false);
    expect(await db.query('select email, role, uid from organization_users')).toEqual([
      { email: demoStaff.email, role: 'admin', uid: demoStaff.uid },
    ]);
    const [box] = await db.query<{ id: string; messages: number }>(
      `select cb.id, (select count(*) from messages m where m.chat_box_id = cb.id) as messages from chat_boxes cb join contacts c on c.id = cb.contact_id where c.email = $1`,
      [demoContact.email],
    );
    expect(box!.messages).toBeGreaterThanOrEqual(3);
    const link = new URL((await demoInviteLink(services))!);
    expect(link.pathname).toBe(`/en/chat/${box!.id}`);
    const answer = await apiCaller(services)('/api/chat/verify', {
      body: { chatBoxId: box!.id, contactId: link.searchParams.get('cs_contactId'), otp: link.searchParams.get('cs_otp'), token: '' },
    });
    expect(answer.status).toBe(200);
  });
});
