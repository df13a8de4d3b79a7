// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ContactDetailsAnswer, DirectoryContact } from '../../lib/api/contacts.ts';
import { createContactDirectory } from './contactDirectory.ts';

const id = (n: number) => `ct_${String(n).padStart(20, '0')}`;
const person = (n: number): DirectoryContact => ({
  id: id(n),
  email: `p${n}@example.com`,
  name: `Person ${n}`,
  lang: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: null,
  conversations: 1,
});

/** A directory of 30 people behind a test double of the API; `slow` holds answers to a query until released. */
function fakeApi() {
  const everyone = Array.from({ length: 30 }, (_, n) => person(n + 1));
  const held: (() => void)[] = [];
  const slow = new Set<string>();
  return {
    held,
    slow,
    contacts: vi.fn(async ({ query = '', offset = 0, limit = 25 }: { query?: string; offset?: number; limit?: number }) => {
      if (slow.has(query)) await new Promise<void>((resolve) => held.push(resolve));
      const found = everyone.filter((contact) => contact.name.toLowerCase().includes(query.toLowerCase()));
      return { contacts: found.slice(offset, offset + limit), hasMore: found.length > offset + limit };
    }),
    contact: vi.fn(async (contactId: string): Promise<ContactDetailsAnswer> => ({
      contact: { ...person(Number(contactId.slice(3))) },
      lastSeenAt: null,
      chatBoxes: [],
    })),
  };
}

const setAddress = (address: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://foyer.test${address}`);

describe('the contacts directory store', () => {
  it('starts from the address, keeps the search and the open contact in it, and follows Back', async () => {
    setAddress(`/en/staff/contacts?q=person%201&contact=${id(12)}`);
    const api = fakeApi();
    const directory = createContactDirectory('en', api);
    const stop = directory.$directory.listen(() => {});
    await vi.waitFor(() => expect(directory.$directory.get().details?.contact.id).toBe(id(12)));
    expect(directory.$directory.get().contacts?.map((contact) => contact.name)).toContain('Person 12');
    expect(api.contacts).toHaveBeenCalledWith({ query: 'person 1', offset: 0, limit: 25 });

    directory.search('  Person 3 ');
    expect(location.search).toBe(`?q=Person+3&contact=${id(12)}`);
    directory.open(id(3));
    expect(location.search).toBe(`?q=Person+3&contact=${id(3)}`);
    await vi.waitFor(() => expect(directory.$directory.get().details?.contact.id).toBe(id(3)));

    history.back();
    await vi.waitFor(() => expect(directory.$directory.get().contactId).toBe(id(12)));
    await vi.waitFor(() => expect(directory.$directory.get().details?.contact.id).toBe(id(12)));
    stop();
  });

  it('pages with "more", and lets only the latest search answer', async () => {
    setAddress('/en/staff/contacts');
    const api = fakeApi();
    const directory = createContactDirectory('en', api);
    const stop = directory.$directory.listen(() => {});
    await vi.waitFor(() => expect(directory.$directory.get().contacts).toHaveLength(25));
    expect(directory.$directory.get().hasMore).toBe(true);
    await directory.more();
    expect(directory.$directory.get()).toMatchObject({ hasMore: false });
    expect(directory.$directory.get().contacts).toHaveLength(30);

    api.slow.add('Person 2');
    directory.search('Person 2');
    directory.search('Person 30');
    await vi.waitFor(() => expect(directory.$directory.get().contacts?.map((contact) => contact.name)).toEqual(['Person 30']));
    for (const release of api.held) release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(directory.$directory.get().contacts?.map((contact) => contact.name)).toEqual(['Person 30']);
    expect(directory.$directory.get().query).toBe('Person 30');
    stop();
  });

  it('drops an erased contact from the list and the address', async () => {
    setAddress(`/en/staff/contacts?contact=${id(5)}`);
    const directory = createContactDirectory('en', fakeApi());
    const stop = directory.$directory.listen(() => {});
    await vi.waitFor(() => expect(directory.$directory.get().details).toBeDefined());
    directory.erased(id(5));
    expect(directory.$directory.get().contacts?.some((contact) => contact.id === id(5))).toBe(false);
    expect(location.search).toBe('');
    stop();
  });

  it('ignores a contact parameter that is not a contact id', () => {
    setAddress('/en/staff/contacts?contact=../../x');
    expect(createContactDirectory('en', fakeApi()).$directory.get().contactId).toBeUndefined();
  });
});
