import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { eraseContact } from '../contacts/dataRights.ts';
import { revokeContact } from '../contacts/revocation.ts';
import { sweep } from '../maintenance.ts';
import { closeServices, filesDir, type Services } from '../services.ts';
import { signedInStaff, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { contactWithSession } from '../../../tests/server/invitations.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { testServices } from '../../../tests/server/services.ts';
import { readZip } from '../../../tests/server/zip.ts';

const emulator = useAuthEmulator();

/** A photo as a phone sends it: a JPEG whose EXIF says where and with what it was taken. */
const photo = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Taken at 48.8584 N 2.2945 E' } })
    .toBuffer();
const svgWithScript = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>parent.owned = true</script><circle r="4"/></svg>');
const htmlPage = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe.each(testDatabases)('files in conversations on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, ATTACHMENT_MAX_MB: '2' });
    server = await startApiServer(services);
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });
  beforeEach(async () => {
    await emptyDatabase(db);
    await rm(filesDir(services.config), { recursive: true, force: true });
  });

  const upload = (token: string, chatBoxId: string, name: string, bytes: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/chat/files/upload?chatBoxId=${chatBoxId}&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', ...headers },
      body: bytes,
      duplex: 'half',
    } as RequestInit);
  const post = async (path: string, token: string, body: object) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const access = async (token: string, chatBoxId: string) =>
    (await post('/api/chat/files/access', token, { chatBoxId })).body.access as string;
  const download = (access: string, fileId: string, variant = 'original') =>
    fetch(`${server.url}/api/chat/files/download?fileId=${fileId}&variant=${variant}&access=${access}`);
  /** How many variants of files are stored, wherever their bytes are kept. */
  const stored = async () =>
    db.kind === 'pglite'
      ? (await readdir(filesDir(services.config), { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
          entry.isFile(),
        ).length
      : (await db.query<{ n: number }>(`select count(distinct (file_id, variant))::integer as n from chat_file_parts`))[0]!.n;

  it('a contact sends a photo: staff see it re-encoded without its EXIF, in its size, and may have the original', async () => {
    const contact = await contactWithSession(services);
    const staff = await signedInStaff(db, emulator.host, 'agent', 'Lee');
    const bytes = await photo();
    const uploaded = await upload(contact.token, contact.chatBoxId, 'IMG_0001.JPG', bytes);
    expect(uploaded.status).toBe(200);
    const { file } = await uploaded.json();
    expect(file).toMatchObject({ name: 'IMG_0001.JPG', type: 'image/jpeg', size: bytes.length, width: 2048, height: 1365 });

    const sent = await post('/api/chat/messages/send', contact.token, {
      chatBoxId: contact.chatBoxId,
      clientId: randomUUID(),
      text: '',
      files: [{ id: file.id, name: 'my router.jpg', caption: 'The red light' }],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message.files).toEqual([{ ...file, name: 'my router.jpg', caption: 'The red light' }]);
    const listed = await post('/api/chat/messages/list', staff.idToken, { chatBoxId: contact.chatBoxId });
    expect(listed.body.messages[0].files).toEqual(sent.body.message.files);

    const staffAccess = await access(staff.idToken, contact.chatBoxId);
    for (const [variant, side] of [
      ['display', 2048],
      ['thumb', 480],
    ] as const) {
      const copy = await download(staffAccess, file.id, variant);
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toBe('image/webp');
      expect(copy.headers.get('content-disposition')).toMatch(/^inline; /);
      const metadata = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.exif]).toEqual(['webp', side, undefined]);
    }
    const original = await download(staffAccess, file.id);
    expect(original.headers.get('content-disposition')).toBe(`attachment; filename="IMG_0001.JPG"; filename*=UTF-8''IMG_0001.JPG`);
    const originalBytes = Buffer.from(await original.arrayBuffer());
    expect(originalBytes.equals(bytes)).toBe(true);
    expect((await sharp(originalBytes).metadata()).exif).toBeDefined();
  });

  it('the same file twice is stored once; a staff picture reaches the contact only without its metadata', async () => {
    const contact = await contactWithSession(services);
    const staff = await signedInStaff(db, emulator.host, 'agent', 'Lee');
    const bytes = await photo();
    const first = (await (await upload(staff.idToken, contact.chatBoxId, 'a.jpg', bytes)).json()).file;
    const again = (await (await upload(staff.idToken, contact.chatBoxId, 'b.jpg', bytes)).json()).file;
    expect(again.id).toBe(first.id);
    expect((await db.query(`select id from chat_files`)).length).toBe(1);
    expect(await stored()).toBe(3); // the original, its display copy and its thumbnail, once
    await post('/api/chat/messages/send', staff.idToken, {
      chatBoxId: contact.chatBoxId,
      clientId: randomUUID(),
      text: 'Like this',
      files: [{ id: first.id, name: 'a.jpg' }],
    });
    const contactAccess = await access(contact.token, contact.chatBoxId);
    expect((await download(contactAccess, first.id, 'display')).status).toBe(200);
    expect((await download(contactAccess, first.id)).status).toBe(404);
  });

  it('takes a type by its content: an HTML page named .png is refused, and an SVG is only ever a download that cannot run', async () => {
    const contact = await contactWithSession(services);
    const refused = await upload(contact.token, contact.chatBoxId, 'cat.png', htmlPage);
    expect(refused.status).toBe(415);
    expect((await refused.json()).error.code).toBe('file_type_not_allowed');
    expect((await db.query(`select id from chat_files`)).length).toBe(0);

    const svg = await upload(contact.token, contact.chatBoxId, 'logo.svg', svgWithScript, { 'content-type': 'image/svg+xml' });
    const { file } = await svg.json();
    expect(file).toEqual({ id: file.id, name: 'logo.svg', type: 'image/svg+xml', size: svgWithScript.length });
    const served = await download(await access(contact.token, contact.chatBoxId), file.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // An SVG has no copies to show inline.
    expect((await download(await access(contact.token, contact.chatBoxId), file.id, 'display')).status).toBe(404);

    const text = await upload(contact.token, contact.chatBoxId, 'log.txt', 'Error 42 at startup\n');
    expect((await text.json()).file.type).toBe('text/plain');
  });

  it('refuses a file over ATTACHMENT_MAX_MB, declared or streamed, and keeps nothing of it', async () => {
    const contact = await contactWithSession(services);
    const big = Buffer.concat([await photo(), Buffer.alloc(3 * 1024 * 1024)]);
    const declared = await upload(contact.token, contact.chatBoxId, 'big.jpg', big);
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toMatchObject({ code: 'file_too_large', maxBytes: 2 * 1024 * 1024 });
    const streamed = await upload(
      contact.token,
      contact.chatBoxId,
      'big.jpg',
      new ReadableStream({
        start(controller) {
          for (let at = 0; at < big.length; at += 64 * 1024) controller.enqueue(big.subarray(at, at + 64 * 1024));
          controller.close();
        },
      }),
    );
    expect(streamed.status).toBe(413);
    expect((await db.query(`select id from chat_files`)).length).toBe(0);
    expect(await stored()).toBe(0);
  });

  it('a connection cut mid-upload leaves neither record nor bytes', async () => {
    const contact = await contactWithSession(services);
    const bytes = await photo();
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/chat/files/upload?chatBoxId=${contact.chatBoxId}&name=cut.jpg HTTP/1.1\r\nHost: x\r\n` +
        `Authorization: Bearer ${contact.token}\r\nContent-Length: ${bytes.length + 600_000}\r\n\r\n`,
    );
    socket.write(Buffer.concat([bytes, Buffer.alloc(300_000)]));
    // Stored part by part as it arrives: some is in the database when the client goes.
    await expect.poll(stored, { timeout: 5000 }).toBeGreaterThan(0);
    socket.destroy();
    await expect.poll(async () => (await db.query(`select id from chat_files`)).length, { timeout: 5000 }).toBe(0);
    expect(await stored()).toBe(0);
  });

  it("keeps each chat box's files to its participants, and internal notes' files to staff", async () => {
    const ana = await contactWithSession(services, { name: 'Ana' });
    const bo = await contactWithSession(services, { name: 'Bo' });
    const staff = await signedInStaff(db, emulator.host, 'agent', 'Lee');
    const bosFile = (await (await upload(bo.token, bo.chatBoxId, 'bo.txt', 'Bo only')).json()).file;
    // Ana's token for Bo's chat box, and Ana's access for Bo's file.
    expect((await upload(ana.token, bo.chatBoxId, 'x.txt', 'hello')).status).toBe(403);
    expect((await download(await access(ana.token, ana.chatBoxId), bosFile.id)).status).toBe(404);
    expect((await download('not-a-token', bosFile.id)).status).toBe(403);

    const note = (await (await upload(staff.idToken, ana.chatBoxId, 'internal.txt', 'Staff only')).json()).file;
    await post('/api/chat/messages/send', staff.idToken, {
      chatBoxId: ana.chatBoxId,
      clientId: randomUUID(),
      text: 'For the team',
      internal: true,
      files: [{ id: note.id, name: 'internal.txt' }],
    });
    const anasAccess = await access(ana.token, ana.chatBoxId);
    expect((await download(anasAccess, note.id)).status).toBe(404);
    const attach = await post('/api/chat/messages/send', ana.token, {
      chatBoxId: ana.chatBoxId,
      clientId: randomUUID(),
      text: 'Mine now?',
      files: [{ id: note.id, name: 'internal.txt' }],
    });
    expect(attach.status).toBe(404);
    const listed = await post('/api/chat/messages/list', ana.token, { chatBoxId: ana.chatBoxId });
    expect(JSON.stringify(listed.body)).not.toContain(note.id);

    // Revoked: the access token they already hold stops working at once.
    const anasFile = (await (await upload(ana.token, ana.chatBoxId, 'ana.txt', 'Ana’s')).json()).file;
    expect((await download(anasAccess, anasFile.id)).status).toBe(200);
    await revokeContact(services, ana.email);
    expect((await download(anasAccess, anasFile.id)).status).toBe(403);
  });

  it("the contact's export holds their files: staff pictures as the copy they saw, no internal note's", async () => {
    const ana = await contactWithSession(services);
    const admin = await signedInStaff(db, emulator.host, 'admin', 'Lee');
    const send = (token: string, text: string, files: { id: string; name: string }[], internal = false) =>
      post('/api/chat/messages/send', token, {
        chatBoxId: ana.chatBoxId,
        clientId: randomUUID(),
        text,
        files,
        ...(internal && { internal }),
      });
    const invoice = Buffer.from('%PDF-1.7\nAna’s invoice');
    const anasPdf = (await (await upload(ana.token, ana.chatBoxId, 'invoice.pdf', invoice)).json()).file;
    const staffPhoto = (await (await upload(admin.idToken, ana.chatBoxId, 'IMG_7.JPG', await photo())).json()).file;
    const note = (await (await upload(admin.idToken, ana.chatBoxId, 'notes.txt', 'for the team')).json()).file;
    expect((await send(ana.token, 'My invoice', [{ id: anasPdf.id, name: '../../invoice.pdf' }])).status).toBe(200);
    expect((await send(admin.idToken, 'Like this', [{ id: staffPhoto.id, name: 'IMG_7.JPG' }])).status).toBe(200);
    expect((await send(admin.idToken, 'Careful', [{ id: note.id, name: 'notes.txt' }], true)).status).toBe(200);

    const archive = async (audience: 'contact' | 'team', token = admin.idToken) => {
      const response = await fetch(`${server.url}/api/contacts/export/archive`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ contactId: ana.contactId, audience }),
      });
      return { response, entries: response.ok ? await readZip(Buffer.from(await response.arrayBuffer())) : new Map() };
    };
    const forAna = await archive('contact');
    expect(forAna.response.headers.get('content-disposition')).toContain(`contact-${ana.contactId}.zip`);
    expect([...forAna.entries.keys()].sort()).toEqual(
      [`contact-${ana.contactId}.json`, `files/${anasPdf.id}/invoice.pdf`, `files/${staffPhoto.id}/IMG_7.webp`].sort(),
    );
    expect(forAna.entries.get(`files/${anasPdf.id}/invoice.pdf`)!.equals(invoice)).toBe(true);
    const copy = await sharp(forAna.entries.get(`files/${staffPhoto.id}/IMG_7.webp`)!).metadata();
    expect(copy.format).toBe('webp');
    expect(copy.exif).toBeUndefined();
    const document = JSON.parse(forAna.entries.get(`contact-${ana.contactId}.json`)!.toString());
    expect(document.contact.email).toBe(ana.email);
    expect(JSON.stringify(document)).not.toContain(note.id);

    const forTeam = await archive('team');
    expect(forTeam.response.headers.get('content-disposition')).toContain(`contact-${ana.contactId}-with-internal-notes.zip`);
    expect(forTeam.entries.get(`files/${note.id}/notes.txt`)!.toString()).toBe('for the team');
    expect((await sharp(forTeam.entries.get(`files/${staffPhoto.id}/IMG_7.JPG`)!).metadata()).exif).toBeDefined();
    // Admins only.
    const agent = await signedInStaff(db, emulator.host, 'agent', 'Bo');
    expect((await archive('contact', agent.idToken)).response.status).toBe(403);
    expect((await archive('contact', ana.token)).response.status).toBe(401);
  });

  it('erasure takes the bytes with the contact; a file no message took goes after a day, an unfinished one after an hour', async () => {
    const ana = await contactWithSession(services);
    const file = (await (await upload(ana.token, ana.chatBoxId, 'a.txt', 'some text')).json()).file;
    const left = (await (await upload(ana.token, ana.chatBoxId, 'b.txt', 'other text')).json()).file;
    await db.query(
      `insert into chat_files (id, chat_box_id, uploader_kind, uploader_id, name, created_at)
      values ('fl_00000000000000000000', $1, 'contact', $2, 'cut.txt', now() - interval '61 minutes')`,
      [ana.chatBoxId, ana.contactId],
    );
    await post('/api/chat/messages/send', ana.token, {
      chatBoxId: ana.chatBoxId,
      clientId: randomUUID(),
      text: '',
      files: [{ id: file.id, name: 'a.txt' }],
    });
    expect((await sweep(db, services.fileBytes)).files).toBe(1);
    await db.query(`update chat_files set created_at = now() - interval '25 hours'`);
    expect((await sweep(db, services.fileBytes)).files).toBe(1);
    expect((await db.query<{ id: string }>(`select id from chat_files`)).map((row) => row.id)).toEqual([file.id]);
    expect(left.id).not.toBe(file.id);

    expect(await stored()).toBe(1);
    await eraseContact(services, ana.contactId, ana.email);
    expect(await stored()).toBe(0);
  });
});
