import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { refuseSecondServer, sendAdminCommand, startAdminChannel } from './admin/channel.ts';
import { runCommand } from './admin/commands.ts';
import { main, parseCommand } from './cli.ts';
import type { Database } from './db/database.ts';
import { emptyDatabase, testDatabases } from '../../tests/server/databases.ts';
import { testServices } from '../../tests/server/services.ts';
import type { Services } from './services.ts';

describe('parsing commands', () => {
  it.each([
    [['invite', '--email', 'a@example.com'], { name: 'invite', email: 'a@example.com' }],
    [
      ['invite', '--email', 'a@example.com', '--name', 'Ana', '--lang', 'pt-BR', '--page'],
      { name: 'invite', email: 'a@example.com', displayName: 'Ana', lang: 'pt-BR', page: true },
    ],
    [['staff', 'add', 'b@example.com', '--role', 'agent'], { name: 'staff-add', email: 'b@example.com', role: 'agent' }],
    [['staff', 'list'], { name: 'staff-list' }],
    [['staff', 'remove', 'b@example.com'], { name: 'staff-remove', email: 'b@example.com' }],
    [['contact', 'revoke', 'a@example.com'], { name: 'contact-revoke', email: 'a@example.com' }],
    [['contact', 'export', 'a@example.com'], { name: 'contact-export', email: 'a@example.com' }],
    [['contact', 'export', 'a@example.com', '--for-contact'], { name: 'contact-export', email: 'a@example.com', forContact: true }],
    [['contact', 'erase', 'a@example.com'], { name: 'contact-erase', email: 'a@example.com' }],
  ])('%j', (argv, command) => expect(parseCommand(argv)).toEqual(command));

  it.each([
    [['invite'], /--email/],
    [['invite', '--email', 'not-an-address'], /--email: must be an e-mail address/],
    [['invite', '--email', 'a@example.com', '--lang', 'xx'], /--lang: must be one of: en, zh-Hans/],
    [['invite', '--email', 'a@example.com', '--chat-box', 'box'], /--chat-box: must be a chat box id/],
    [['staff', 'add', 'b@example.com'], /--role/],
    [['staff', 'add', 'b@example.com', '--role', 'owner'], /--role: must be admin or agent/],
    [['staff', 'fire', 'b@example.com'], /Unknown command: staff fire/],
    [['contact', 'revoke'], /Unknown command: contact revoke/],
    [['contact', 'revoke', 'not-an-address'], /--email: must be an e-mail address/],
    [['invite', '--colour', 'red'], /Unknown option '--colour'/],
  ])('refuses %j clearly', (argv, message) => expect(() => parseCommand(argv)).toThrow(message));
});

describe.each(testDatabases)('running commands on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db);
  });
  afterAll(() => db.close());
  beforeEach(() => emptyDatabase(db));

  it('adds, lists and removes staff', async () => {
    expect(await runCommand(services, { name: 'staff-list' })).toMatch(/No organisation users yet/);
    expect(await runCommand(services, { name: 'staff-add', email: 'Lee@Example.com', role: 'agent', displayName: 'Lee' })).toBe(
      'Lee@Example.com is an agent.',
    );
    expect(await runCommand(services, { name: 'staff-add', email: 'lee@example.com', role: 'admin' })).toBe('Lee@Example.com is an admin.');
    expect(await runCommand(services, { name: 'staff-list' })).toBe('admin  Lee@Example.com (Lee) — not signed in yet');
    // The last admin stays until there is another.
    await expect(runCommand(services, { name: 'staff-remove', email: 'LEE@example.com' })).rejects.toThrow(/last admin/);
    await expect(runCommand(services, { name: 'staff-add', email: 'lee@example.com', role: 'agent' })).rejects.toThrow(/last admin/);
    await runCommand(services, { name: 'staff-add', email: 'kim@example.com', role: 'admin' });
    expect(await runCommand(services, { name: 'staff-remove', email: 'LEE@example.com' })).toBe('LEE@example.com is no longer staff.');
    expect(await runCommand(services, { name: 'staff-remove', email: 'lee@example.com' })).toBe('lee@example.com was not staff.');
    expect(await runCommand(services, { name: 'staff-list' })).toBe('admin  kim@example.com — not signed in yet');
  });

  it('exports a contact as JSON and erases them', async () => {
    await runCommand(services, { name: 'invite', email: 'ana@example.com', displayName: 'Ana' });
    const exported = JSON.parse(await runCommand(services, { name: 'contact-export', email: 'ANA@example.com' }));
    expect(exported.contact).toMatchObject({ email: 'ana@example.com', name: 'Ana' });
    expect(exported.codes).toHaveLength(1);
    expect(await runCommand(services, { name: 'contact-erase', email: 'ana@example.com' })).toMatch(
      /^ana@example.com \(ct_\w+\) is erased: 1 chat box and 0 messages deleted, sessions ended\.$/,
    );
    expect(await db.query('select 1 from contacts')).toEqual([]);
    expect(await runCommand(services, { name: 'contact-erase', email: 'ana@example.com' })).toBe('There is no contact ana@example.com.');
    expect(await runCommand(services, { name: 'contact-export', email: 'bo@example.com' })).toBe('There is no contact bo@example.com.');
  });

  it('revokes a contact: its version goes up, its unused codes die, and it says so', async () => {
    await runCommand(services, { name: 'invite', email: 'ana@example.com' });
    await runCommand(services, { name: 'invite', email: 'ana@example.com', page: true });
    const [{ id }] = (await db.query<{ id: string }>('select id from contacts')) as [{ id: string }];
    expect(await runCommand(services, { name: 'contact-revoke', email: 'Ana@example.com' })).toBe(
      `Ana@example.com (${id}) is signed out: open sessions end now, 2 unused codes no longer work, and no e-mail gives them a way back in. Invite them to let them back in.`,
    );
    expect(await db.query('select id from one_time_codes where used_at is null')).toEqual([]);
    expect(await db.query('select session_version from contacts')).toEqual([{ session_version: 1 }]);
    expect(await runCommand(services, { name: 'contact-revoke', email: 'ana@example.com' })).toMatch(/, 0 unused codes no longer work,/);
    expect(await runCommand(services, { name: 'contact-revoke', email: 'bo@example.com' })).toBe('There is no contact bo@example.com.');
  });

  it('invites into a new chat box, an existing one, or a page session, with the link the seed describes', async () => {
    const first = await runCommand(services, { name: 'invite', email: 'ana@example.com', displayName: 'Ana', lang: 'de' });
    const link = new URL(first.split('\n').at(-1)!);
    expect(link.origin).toBe('https://help.example.com');
    expect(link.pathname).toMatch(/^\/de\/chat\/cb_[0-9a-z]{20}$/);
    expect([...link.searchParams.keys()]).toEqual(['cs_contactId', 'cs_otp']);
    expect(link.searchParams.get('cs_otp')).toMatch(/^\d{8}$/);
    const chatBoxId = link.pathname.split('/').at(-1)!;
    const again = new URL((await runCommand(services, { name: 'invite', email: 'ANA@example.com', chatBoxId })).split('\n').at(-1)!);
    expect(again.pathname).toBe(`/de/chat/${chatBoxId}`);
    // The new code replaces the first one.
    expect(await db.query('select 1 from one_time_codes where chat_box_id = $1 and used_at is null', [chatBoxId])).toEqual([
      { '?column?': 1 },
    ]);
    const page = new URL((await runCommand(services, { name: 'invite', email: 'ana@example.com', page: true })).split('\n').at(-1)!);
    expect(page.pathname).toBe('/de/chat');
    expect((await db.query('select * from contacts')).length).toBe(1);
    await expect(runCommand(services, { name: 'invite', email: 'bo@example.com', chatBoxId })).rejects.toThrow(
      /belongs to another contact/,
    );
    await expect(runCommand(services, { name: 'invite', email: 'bo@example.com', chatBoxId: 'cb_00000000000000000000' })).rejects.toThrow(
      /no chat box/,
    );
  });
});

describe('the admin channel', () => {
  it('carries commands from the tool to the running server, and refuses a wrong token', async () => {
    const pglite = testDatabases[0]!;
    const db = await pglite.open();
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-admin-'));
    const services = await testServices(db, { FOYER_DATA_DIR: dataDir });
    expect(await sendAdminCommand(dataDir, { name: 'staff-list' })).toBeUndefined();
    await expect(refuseSecondServer(dataDir)).resolves.toBeUndefined();
    const channel = await startAdminChannel(services);
    try {
      await expect(refuseSecondServer(dataDir)).rejects.toThrow(/Another Foyer is already running/);
      expect(await sendAdminCommand(dataDir, { name: 'staff-add', email: 'c@example.com', role: 'admin' })).toEqual({
        ok: true,
        output: 'c@example.com is an admin.',
      });
      expect(await sendAdminCommand(dataDir, { name: 'staff-add', email: 'c@example.com', role: 'king' })).toMatchObject({
        ok: false,
        output: expect.stringMatching(/role/),
      });
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      expect(await main(['staff', 'list'], { FOYER_DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) })).toBe(0);
      expect(log).toHaveBeenCalledWith('admin  c@example.com — not signed in yet');
      log.mockRestore();
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve) =>
        request({ socketPath: join(dataDir, 'admin.sock'), method: 'POST', path: '/', headers: { authorization: 'Bearer wrong' } }, (res) =>
          resolve(res.statusCode!),
        ).end('{}'),
      );
      expect(status).toBe(401);
    } finally {
      await channel.close();
      await db.close();
    }
    expect(await sendAdminCommand(dataDir, { name: 'staff-list' })).toBeUndefined();
  });
});
