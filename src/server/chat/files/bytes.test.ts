import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newFileId } from '../../ids.ts';
import type { Database } from '../../db/database.ts';
import { createChatBox, ensureContact } from '../../contacts/records.ts';
import { emptyDatabase, testDatabases } from '../../../../tests/server/databases.ts';
import { inParts, readWhole, type FileBytes } from './bytes.ts';
import { databaseBytes } from './databaseBytes.ts';
import { diskBytes } from './diskBytes.ts';
import { memoryBytes } from './memoryBytes.ts';
import { moveBytesToDisk } from './moveToDisk.ts';
import { createRecord } from './records.ts';

async function* chunks(...sizes: number[]): AsyncIterable<Uint8Array> {
  let value = 0;
  for (const size of sizes) yield Uint8Array.from({ length: size }, () => value++ % 251);
}

async function* failingAfter(bytes: number): AsyncIterable<Uint8Array> {
  yield new Uint8Array(bytes);
  throw new Error('the client went away');
}

describe('inParts', () => {
  it('cuts any stream into parts of one size, the last one shorter', async () => {
    const sizes: number[] = [];
    for await (const part of inParts(chunks(3, 10, 1, 0, 7), 4)) sizes.push(part.length);
    expect(sizes).toEqual([4, 4, 4, 4, 4, 1]);
  });
});

// The database, the disk and the test double keep bytes alike: what one test proves of the double holds for them.
const stores: [string, () => Promise<{ bytes: FileBytes; newFile: () => Promise<string>; done: () => Promise<void> }>][] = [
  ['memory', async () => ({ bytes: memoryBytes(), newFile: async () => newFileId(), done: async () => {} })],
  [
    'a folder',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'foyer-bytes-'));
      return { bytes: diskBytes(dir), newFile: async () => newFileId(), done: async () => rmSync(dir, { recursive: true }) };
    },
  ],
  ...testDatabases.map(
    ({ name, open }) =>
      [
        name,
        async () => {
          const db: Database = await open();
          await emptyDatabase(db);
          const { id: contactId } = await ensureContact(db, { email: 'a@example.com', name: '', lang: 'en' });
          const chatBoxId = await createChatBox(db, contactId);
          let n = 0;
          const newFile = async () => {
            const id = `fl_${String(n++).padStart(20, '0')}`;
            await createRecord(db, { id, chatBoxId, uploader: { kind: 'contact', id: contactId }, name: 'a' });
            return id;
          };
          return { bytes: databaseBytes(db), newFile, done: () => db.close() };
        },
      ] as (typeof stores)[number],
  ),
];

describe.each(stores)('file bytes in %s', (_name, open) => {
  let store: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => (store = await open()));
  afterAll(() => store.done());
  let id: string;
  beforeEach(async () => (id = await store.newFile()));

  it('gives back each variant as written, in order, and nothing for one never written', async () => {
    await store.bytes.write(id, 'original', inParts(chunks(5000, 3000), 1024));
    await store.bytes.write(id, 'thumb', chunks(10));
    const original = await readWhole(store.bytes, id, 'original');
    expect(original.length).toBe(8000);
    expect([...original.subarray(250, 253)]).toEqual([250, 0, 1]);
    expect((await readWhole(store.bytes, id, 'thumb')).length).toBe(10);
    expect((await readWhole(store.bytes, id, 'display')).length).toBe(0);
  });

  it('keeps nothing of a write that fails half-way, and forgets removed files', async () => {
    await expect(store.bytes.write(id, 'original', failingAfter(2048))).rejects.toThrow('the client went away');
    expect((await readWhole(store.bytes, id, 'original')).length).toBe(0);
    await store.bytes.write(id, 'original', chunks(100));
    await store.bytes.remove([id]);
    expect((await readWhole(store.bytes, id, 'original')).length).toBe(0);
  });
});

describe.each([
  ['memory', () => ({ bytes: memoryBytes(), dir: undefined })],
  [
    'a folder',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'foyer-bytes-'));
      return { bytes: diskBytes(dir), dir };
    },
  ],
] as const)('bytes left behind in %s', (_name, open) => {
  it('go when their record is gone, with what a killed process half wrote an hour ago; the rest stays', async () => {
    const { bytes, dir } = open();
    const [kept, orphan] = [newFileId(), newFileId()];
    await bytes.write(kept, 'original', chunks(10));
    await bytes.write(orphan, 'original', chunks(10));
    await bytes.write(orphan, 'thumb', chunks(10));
    if (dir) {
      writeFileSync(join(dir, `.partial-${kept}.display.new`), 'being written');
      writeFileSync(join(dir, `.partial-${orphan}.display.old`), 'left by a killed process');
      const hoursAgo = new Date(Date.now() - 61 * 60 * 1000);
      utimesSync(join(dir, `.partial-${orphan}.display.old`), hoursAgo, hoursAgo);
    }
    const asked: string[] = [];
    const removed = await bytes.removeOrphans(async (ids) => {
      asked.push(...ids);
      return new Set(ids.filter((id) => id === kept));
    });
    expect(removed).toBe(1);
    expect(asked.sort()).toEqual([kept, orphan].sort());
    expect((await readWhole(bytes, kept, 'original')).length).toBe(10);
    expect((await readWhole(bytes, orphan, 'thumb')).length).toBe(0);
    if (dir) {
      expect(readdirSync(dir).sort()).toEqual([`.partial-${kept}.display.new`, kept]);
      rmSync(dir, { recursive: true });
    }
  });
});

describe('bytes in a folder while a backup copies them', () => {
  it('are removed only once the copy is done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-bytes-'));
    const bytes = diskBytes(dir);
    const id = newFileId();
    await bytes.write(id, 'original', chunks(10));
    let copied = () => {};
    const copying = bytes.whileKept(() => new Promise<void>((done) => (copied = done)));
    const removing = bytes.remove([id]);
    await new Promise((done) => setTimeout(done, 50));
    expect((await readWhole(bytes, id, 'original')).length).toBe(10);
    copied();
    await copying;
    await removing;
    expect((await readWhole(bytes, id, 'original')).length).toBe(0);
    rmSync(dir, { recursive: true });
  });
});

describe('a backup of a folder while bytes are being removed', () => {
  it('waits for the removal under way before it copies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-bytes-'));
    const bytes = diskBytes(dir);
    const ids = Array.from({ length: 50 }, () => newFileId());
    for (const id of ids) await bytes.write(id, 'original', chunks(10));
    const removing = bytes.remove(ids);
    const seen = await bytes.whileKept(async () => readdirSync(dir).length);
    await removing;
    expect(seen).toBe(0);
    rmSync(dir, { recursive: true });
  });
});

describe('bytes PGlite kept in its tables', () => {
  it('move to the folder at start, and are then read from there', async () => {
    const db = await testDatabases[0]!.open();
    const dir = mkdtempSync(join(tmpdir(), 'foyer-bytes-'));
    try {
      await emptyDatabase(db);
      const { id: contactId } = await ensureContact(db, { email: 'a@example.com', name: '', lang: 'en' });
      const chatBoxId = await createChatBox(db, contactId);
      const id = newFileId();
      await createRecord(db, { id, chatBoxId, uploader: { kind: 'contact', id: contactId }, name: 'a' });
      await databaseBytes(db).write(id, 'original', inParts(chunks(5000), 1024));
      await databaseBytes(db).write(id, 'thumb', chunks(10));
      const disk = diskBytes(dir);
      expect(await moveBytesToDisk(db, disk)).toBe(2);
      expect(await db.query(`select 1 from chat_file_parts`)).toEqual([]);
      expect([...(await readWhole(disk, id, 'original')).subarray(250, 253)]).toEqual([250, 0, 1]);
      expect((await readWhole(disk, id, 'thumb')).length).toBe(10);
      expect(await moveBytesToDisk(db, disk)).toBe(0);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true });
    }
  });
});
