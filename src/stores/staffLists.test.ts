import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../lib/api/chat.ts';
import { tagList } from './staffLists.ts';

afterEach(() => tagList.forget());

describe('shared staff lists', () => {
  it('are read once however many ask, at the same time or later', async () => {
    let calls = 0;
    const read = async (): Promise<Tag[]> => {
      calls += 1;
      return [{ id: 1, name: 'billing' }];
    };
    await Promise.all([tagList.load(read), tagList.load(read)]);
    await tagList.load(read);
    expect(calls).toBe(1);
    expect(tagList.$list.get()).toEqual([{ id: 1, name: 'billing' }]);
  });

  it('are read anew when asked to, the newest answer standing', async () => {
    await tagList.load(async () => [{ id: 1, name: 'billing' }]);
    await tagList.load(async () => [{ id: 2, name: 'refund' }], true);
    expect(tagList.$list.get()).toEqual([{ id: 2, name: 'refund' }]);
  });

  it('keep what they had when a read fails, and read again next time', async () => {
    await tagList.load(async () => [{ id: 1, name: 'billing' }]);
    await expect(tagList.load(() => Promise.reject(new Error('offline')), true)).rejects.toThrow('offline');
    expect(tagList.$list.get()).toEqual([{ id: 1, name: 'billing' }]);
    await tagList.load(async () => [{ id: 3, name: 'bug' }], true);
    expect(tagList.$list.get()).toEqual([{ id: 3, name: 'bug' }]);
  });

  it('are forgotten once nothing shows them (a page swapped out), and read again after', async () => {
    vi.useFakeTimers();
    const stop = tagList.$list.listen(() => {});
    await tagList.load(async () => [{ id: 1, name: 'billing' }]);
    stop();
    // nanostores lets a store go a moment after its last listener.
    await vi.advanceTimersByTimeAsync(2000);
    vi.useRealTimers();
    expect(tagList.$list.get()).toBeUndefined();
    await tagList.load(async () => [{ id: 2, name: 'refund' }]);
    expect(tagList.$list.get()).toEqual([{ id: 2, name: 'refund' }]);
  });

  it('drop an answer that arrives after they were forgotten', async () => {
    let finish = (_: Tag[]) => {};
    const pending = tagList.load(() => new Promise<Tag[]>((resolve) => (finish = resolve)));
    tagList.forget();
    finish([{ id: 9, name: 'old' }]);
    await pending;
    expect(tagList.$list.get()).toBeUndefined();
  });
});
