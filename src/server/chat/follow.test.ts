import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { silentLog } from '../log.ts';
import { closeServices, type Services } from '../services.ts';
import { emptyDatabase, testDatabases } from '../testing/databases.ts';
import { invited } from '../testing/invitations.ts';
import { testServices } from '../testing/services.ts';
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

  const send = (chatBoxId: string, text: string) =>
    sendMessage(services, chatBoxId, { sender: { kind: 'staff', id: 'lee' }, clientId: randomUUID(), text });
  const follow = (chatBoxId: string, after: number, reader: Reader, on: Queryable = db) =>
    new Follower({ hub: services.chat, db: on, log, chatBoxId, after, reader });

  it('delivers what is stored after its point, then live events, each once and in order', async () => {
    const { chatBoxId } = await invited(services);
    for (const text of ['one', 'two', 'three']) await send(chatBoxId, text);
    const reader = new Reader();
    const follower = follow(chatBoxId, 1, reader);
    await Promise.all(['four', 'five'].map((text) => send(chatBoxId, text)));
    await vi.waitFor(() => expect(reader.seqs).toHaveLength(4));
    follower.stop();
    await send(chatBoxId, 'six');
    expect(reader.seqs).toEqual([2, 3, 4, 5]);
    expect(reader.ended).toBe(false);
  });

  it('reads the database when a live event does not follow the last it delivered', async () => {
    const { chatBoxId } = await invited(services);
    const reader = new Reader();
    const follower = follow(chatBoxId, 0, reader);
    // Stored without a word to the hub (a notification lost), then one that is heard.
    await storeMessageEvent(db, chatBoxId, { sender: { kind: 'staff', id: 'lee' }, clientId: randomUUID(), text: 'unheard' });
    await send(chatBoxId, 'heard');
    await vi.waitFor(() => expect(reader.seqs).toHaveLength(2));
    follower.stop();
    expect(reader.seqs).toEqual([1, 2]);
  });

  it('ends its stream when its events cannot be read, so the client reconnects and replays, and hears nothing more', async () => {
    const { chatBoxId } = await invited(services);
    await send(chatBoxId, 'before');
    let failing = false;
    const flaky: Queryable = {
      query: (sql, params) => (failing ? Promise.reject(new Error('connection lost')) : db.query(sql, params)),
    };
    const reader = new Reader();
    follow(chatBoxId, 0, reader, flaky);
    await vi.waitFor(() => expect(reader.seqs).toHaveLength(1));
    failing = true;
    // Stored unheard: the next event heard leaves a gap, and reading it fails.
    await storeMessageEvent(db, chatBoxId, { sender: { kind: 'staff', id: 'lee' }, clientId: randomUUID(), text: 'unheard' });
    await send(chatBoxId, 'heard');
    await vi.waitFor(() => expect(reader.ended).toBe(true));
    expect(String(errors[0]?.[1])).toContain('connection lost');
    failing = false;
    await send(chatBoxId, 'after');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reader.seqs).toEqual([1]);
  });

  it('ends its stream when the hub closes', async () => {
    const { chatBoxId } = await invited(services);
    const other = await testServices(db);
    const reader = new Reader();
    new Follower({ hub: other.chat, db, log, chatBoxId, after: 0, reader });
    await other.chat.close();
    expect(reader.ended).toBe(true);
  });
});
