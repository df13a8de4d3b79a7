import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../api/chat.ts';
import { ApiRequestError } from '../http/client.ts';
import { createOutbox, outboxKey, retryFirstMs, retryMaxMs, type OutboxItem, type OutboxOptions } from './outbox.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const key = outboxKey('cb_1', 'contact');
let nextId = 0;
const message = (item: OutboxItem): Message => ({
  id: ++nextId,
  chatBoxId: 'cb_1',
  clientId: item.clientId,
  sender: { kind: 'contact', id: 'ct_1' },
  text: item.text,
  createdAt: item.createdAt,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function outbox(storage: MemoryStorage, send: OutboxOptions['send'], extra: Partial<OutboxOptions> = {}) {
  const changes: OutboxItem[][] = [];
  const sent: Message[] = [];
  let id = 0;
  const box = createOutbox({
    key,
    storage,
    send,
    onChange: (items) => changes.push(items),
    onSent: (_item, sentMessage) => sent.push(sentMessage),
    newId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    ...extra,
  });
  return { box, changes, sent };
}

afterEach(() => vi.useRealTimers());

describe('the outbox', () => {
  it('keeps unsent items in storage per chat box and side, so a reload sends them', async () => {
    const storage = new MemoryStorage();
    const first = outbox(storage, () => Promise.reject(new ApiRequestError(0, 'network', 'offline')));
    first.box.add('hello');
    const stored = JSON.parse(storage.getItem(key)!) as OutboxItem[];
    expect(stored).toEqual([{ clientId: expect.any(String), text: 'hello', createdAt: expect.any(String) }]);
    first.box.close();

    const after = outbox(storage, async (item) => message(item));
    expect(after.box.items().map((item) => item.text)).toEqual(['hello']);
    await after.box.flush();
    expect(after.sent.map((sentMessage) => sentMessage.text)).toEqual(['hello']);
    expect(storage.getItem(key)).toBeNull();
    expect(key).toBe('foyer:outbox:contact:cb_1');
  });

  it('still sends where the browser refuses storage, and with it locks (a third-party frame without storage access)', async () => {
    const refused = {
      request: () => Promise.reject(new DOMException('The request was denied.', 'SecurityError')),
    } as unknown as LockManager;
    const { box, sent } = outbox(new MemoryStorage(), async (item) => message(item), { storage: undefined, locks: refused });
    box.add('from the widget');
    await vi.waitFor(() => expect(sent.map((m) => m.text)).toEqual(['from the widget']));
  });

  it('sends in order, one at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const { box, sent } = outbox(new MemoryStorage(), async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await settle();
      inFlight -= 1;
      return message(item);
    });
    box.add('one');
    box.add('two');
    box.add('three');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(most).toBe(1);
  });

  it('retries after network errors and server errors, with the same clientId, doubling from 1 s', async () => {
    vi.useFakeTimers();
    const attempts: string[] = [];
    const failures = [new ApiRequestError(0, 'network', 'offline'), new ApiRequestError(503, 'internal', 'down')];
    const { box, sent } = outbox(
      new MemoryStorage(),
      async (item) => {
        attempts.push(item.clientId);
        const failure = failures.shift();
        if (failure) throw failure;
        return message(item);
      },
      { retry: { firstMs: retryFirstMs, maxMs: retryMaxMs } },
    );
    box.add('hi');
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts).size).toBe(1);
    expect(sent).toHaveLength(1);
    expect(retryFirstMs).toBe(1000);
    expect(retryMaxMs).toBe(30_000);
  });

  it('waits as long as a 429 says before trying again', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { box, sent } = outbox(new MemoryStorage(), async (item) => {
      calls += 1;
      if (calls === 1) throw new ApiRequestError(429, 'rate_limited', 'slow down', 7);
      return message(item);
    });
    box.add('hi');
    await vi.advanceTimersByTimeAsync(6900);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when the connection comes back, without waiting out the retry', async () => {
    vi.useFakeTimers();
    let online = false;
    const { box, sent } = outbox(new MemoryStorage(), async (item) => {
      if (!online) throw new ApiRequestError(0, 'network', 'offline');
      return message(item);
    });
    box.add('hi');
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    await box.flush();
    expect(sent).toHaveLength(1);
  });

  it('marks an item refused with another 4xx as failed, sends the rest, and lets the person retry or discard', async () => {
    let refuse = true;
    const storage = new MemoryStorage();
    const { box, sent } = outbox(storage, async (item) => {
      if (item.text === 'bad' && refuse) throw new ApiRequestError(400, 'invalid_body', 'too long');
      return message(item);
    });
    const bad = box.add('bad');
    box.add('good');
    await vi.waitFor(() => expect(sent.map((m) => m.text)).toEqual(['good']));
    expect(box.items()).toEqual([{ ...bad, failed: 'invalid_body' }]);
    expect(JSON.parse(storage.getItem(key)!)).toEqual([{ ...bad, failed: 'invalid_body' }]);

    refuse = false;
    box.retry(bad.clientId);
    await vi.waitFor(() => expect(sent.map((m) => m.text)).toEqual(['good', 'bad']));

    refuse = true;
    const other = box.add('bad');
    await vi.waitFor(() => expect(box.items()[0]?.failed).toBe('invalid_body'));
    box.discard(other.clientId);
    expect(box.items()).toEqual([]);
  });

  it('lets two tabs of one chat box share the items without sending one twice', async () => {
    const storage = new MemoryStorage();
    const server: string[] = [];
    const send = async (item: OutboxItem) => {
      server.push(item.clientId);
      await settle();
      return message(item);
    };
    const tabA = outbox(storage, send);
    const tabB = outbox(storage, send);
    tabA.box.add('one');
    tabA.box.add('two');
    await Promise.all([tabA.box.flush(), tabB.box.flush()]);
    await vi.waitFor(() => expect(storage.getItem(key)).toBeNull());
    expect(server).toHaveLength(2);
    expect(new Set(server).size).toBe(2);
  });

  it('keeps a note a note, also when it is retried after a refusal or sent after a reload', async () => {
    let refuse = true;
    const storage = new MemoryStorage();
    const seen: OutboxItem[] = [];
    const first = outbox(storage, async (item) => {
      seen.push(item);
      if (refuse) throw new ApiRequestError(403, 'not_staff', 'no');
      return message(item);
    });
    const note = first.box.add('for staff', { internal: true });
    expect(note.internal).toBe(true);
    expect(first.box.add('for the contact')).not.toHaveProperty('internal');
    await vi.waitFor(() => expect(first.box.items().every((item) => item.failed)).toBe(true));
    first.box.close();

    refuse = false;
    const after = outbox(storage, async (item) => {
      seen.push(item);
      return message(item);
    });
    after.box.retry(note.clientId);
    await vi.waitFor(() => expect(after.sent).toHaveLength(1));
    expect(seen.at(-1)).toMatchObject({ text: 'for staff', internal: true });
  });
});
