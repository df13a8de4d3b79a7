import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, Queryable, Row } from '../db/database.ts';
import { silentLog } from '../log.ts';
import { closeServices, type Services } from '../services.ts';
import { emptyDatabase, testDatabases } from '../../../tests/server/databases.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';
import { Follower, type FollowReader } from './follow.ts';
import type { HubEvent } from './hub.ts';
import { sendMessage, storeMessageEvent } from './messages.ts';

/** Takes what a follower delivers, as a stream would, and notes whether it was told to end. */
class Reader implements FollowReader {
  events: HubEvent[] = [];
  ended = false;
  deliver(event: HubEvent) {
    this.events.push(event);
  }
  drained() {
    return Promise.resolve();
  }
  end() {
    this.ended = true;
  }
  /** The seq of every stored event delivered, in the order delivered. */
  get seqs() {
    return this.events.flatMap((event) => (event.type === 'typing' ? [] : [event.seq]));
  }
}

/** The database, counting reads, and failing them while `failing` is set (a database gone away). */
class FlakyDatabase implements Queryable {
  reads = 0;
  failing = false;
  readonly #db: Queryable;
  constructor(db: Queryable) {
    this.#db = db;
  }
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]> {
    this.reads += 1;
    return this.failing ? Promise.reject(new Error('connection lost')) : this.#db.query<T>(sql, params);
  }
}

/** Time for anything still under way to arrive. */
const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)('a follower on $name', ({ open }) => {
  let db: Database;
  let services: Services;
  /** What the followers logged as errors. */
  const errors: unknown[][] = [];
  const log = { ...silentLog, error: (...args: unknown[]) => void errors.push(args) };
  beforeAll(async () => {
    db = await open();
    services = await testServices(db);
  });
  afterAll(() => closeServices(services));
  beforeEach(async () => {
    errors.splice(0);
    await emptyDatabase(db);
  });

  const staffLee = { kind: 'staff', id: 'lee' } as const;
  const send = (chatBoxId: string, text: string) =>
    sendMessage(services, chatBoxId, { sender: { kind: 'staff', id: 'lee' }, clientId: randomUUID(), text });
  const follow = (chatBoxId: string, after: number, reader: Reader, on: Queryable = db) =>
    new Follower({ hub: services.chat, db: on, log, chatBoxId, after, who: staffLee, reader });

  it('delivers what is stored after its point, then live events, each once and in order', async () => {
    const { chatBoxId } = await invited(services);
    for (const text of ['one', 'two', 'three']) await send(chatBoxId, text);
    const reader = new Reader();
    const follower = follow(chatBoxId, 1, reader);
    await Promise.all(['four', 'five'].map((text) => send(chatBoxId, text)));
    await vi.waitFor(() => expect(reader.seqs).toHaveLength(4));
    // Nothing more comes, however long it is given.
    await settle();
    follower.stop();
    await send(chatBoxId, 'six');
    await settle();
    expect(reader.seqs).toEqual([2, 3, 4, 5]);
    expect(reader.ended).toBe(false);
  });

  /** A follower from the start of a new chat box, through a database it may fail, once it has the first message. */
  async function followingOne() {
    const { chatBoxId } = await invited(services);
    const database = new FlakyDatabase(db);
    const reader = new Reader();
    const follower = follow(chatBoxId, 0, reader, database);
    await send(chatBoxId, 'first');
    await vi.waitFor(() => expect(reader.seqs).toEqual([1]));
    return { chatBoxId, database, reader, follower };
  }

  /** A message stored without a word to the hub (a notification lost), then one that is heard: a gap. */
  async function gap(chatBoxId: string) {
    await storeMessageEvent(db, chatBoxId, { sender: { kind: 'staff', id: 'lee' }, clientId: randomUUID(), text: 'unheard' });
    await send(chatBoxId, 'heard');
  }

  it('reads the database when a live event does not follow the last it delivered', async () => {
    const { chatBoxId, database: counted, reader, follower } = await followingOne();
    await settle();
    const reads = counted.reads;
    await gap(chatBoxId);
    await vi.waitFor(() => expect(reader.seqs).toEqual([1, 2, 3]));
    expect(counted.reads).toBe(reads + 1);
    follower.stop();
  });

  it('stays open when its events cannot be read, and reads again until the database answers: the hole filled, once, in order', async () => {
    const { chatBoxId, database: flaky, reader, follower } = await followingOne();
    flaky.failing = true;
    await gap(chatBoxId);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(String(errors[0]![0])).toContain('reading again in 1 s');
    expect(String(errors[0]![1])).toContain('connection lost');
    // The second try fails too, and waits twice as long.
    await vi.waitFor(() => expect(errors).toHaveLength(2), { timeout: 3000 });
    expect(String(errors[1]![0])).toContain('reading again in 2 s');
    flaky.failing = false;
    await vi.waitFor(() => expect(reader.seqs).toEqual([1, 2, 3]), { timeout: 4000 });
    await send(chatBoxId, 'after');
    await vi.waitFor(() => expect(reader.seqs).toEqual([1, 2, 3, 4]));
    expect(reader.ended).toBe(false);
    follower.stop();
  });

  it('reads nothing and tries nothing again once stopped', async () => {
    const { chatBoxId } = await invited(services);
    const flaky = new FlakyDatabase(db);
    flaky.failing = true;
    const reader = new Reader();
    follow(chatBoxId, 0, reader, flaky).stop();
    await send(chatBoxId, 'unheard');
    await settle(1500);
    expect([flaky.reads, errors.length, reader.seqs.length]).toEqual([0, 0, 0]);
  });

  it('ends its stream when the hub closes, and when it is made on a hub already closed, without reading', async () => {
    const { chatBoxId } = await invited(services);
    const other = await testServices(db);
    const open = new Reader();
    new Follower({ hub: other.chat, db, log, chatBoxId, after: 0, who: staffLee, reader: open });
    await other.chat.close();
    expect(open.ended).toBe(true);
    const counted = new FlakyDatabase(db);
    const late = new Reader();
    new Follower({ hub: other.chat, db: counted, log, chatBoxId, after: 0, who: staffLee, reader: late });
    expect(late.ended).toBe(true);
    await settle();
    expect(counted.reads).toBe(0);
  });
});
