import { describe, expect, it } from 'vitest';
import { inboxListBody, inboxQueryMax, inboxSorts as contractSorts } from '../api/inbox.ts';
import {
  filtersFromSearch,
  filtersToSearch,
  inboxRequest,
  inboxSorts,
  isFiltered,
  noFilters,
  searchText,
  searchTextMax,
} from './filters.ts';

describe('inbox filters', () => {
  it('ask for everything when nothing is chosen', () => {
    expect(inboxRequest(noFilters)).toEqual({ limit: 100 });
    expect(isFiltered(noFilters)).toBe(false);
  });

  it('send status, assignment and the trimmed search text, each only when chosen', () => {
    const body = inboxRequest({ ...noFilters, status: 'resolved', assigned: 'me', query: '  refund  ' });
    expect(body).toEqual({ status: 'resolved', assigned: 'me', query: 'refund', limit: 100 });
    expect(inboxListBody.parse(body)).toEqual(body);
    expect(inboxRequest({ ...noFilters, assigned: 'nobody' })).toEqual({ assigned: 'nobody', limit: 100 });
    expect(isFiltered({ ...noFilters, query: 'x' })).toBe(true);
  });

  it('send no search for blank text', () => {
    expect(searchText('   ')).toBeUndefined();
    expect(isFiltered({ ...noFilters, query: ' ' })).toBe(false);
  });

  it('cut the search text to the contract’s limit, counting characters, not UTF-16 units', () => {
    expect(searchTextMax).toBe(inboxQueryMax);
    const long = '😀'.repeat(250);
    const text = searchText(long)!;
    expect([...text]).toHaveLength(200);
    expect(text.isWellFormed()).toBe(true);
    expect(inboxListBody.safeParse({ query: text }).success).toBe(true);
  });

  it('send "waiting for us" and an order other than the default; an order alone filters nothing', () => {
    const body = inboxRequest({ ...noFilters, waiting: true, sort: 'waitingLongest' });
    expect(body).toEqual({ waiting: true, sort: 'waitingLongest', limit: 100 });
    expect(inboxListBody.parse(body)).toEqual(body);
    expect(isFiltered({ ...noFilters, sort: 'oldest' })).toBe(false);
    expect(isFiltered({ ...noFilters, waiting: true })).toBe(true);
    expect(inboxSorts).toEqual(contractSorts);
  });

  it('live in the address and come back from it; anything unknown there is no filter', () => {
    const chosen = { status: 'snoozed', assigned: 'me', tag: 12, waiting: true, sort: 'oldest', query: 'refund & more' } as const;
    expect(filtersFromSearch(filtersToSearch(chosen))).toEqual(chosen);
    expect(filtersToSearch(noFilters)).toBe('');
    expect(filtersFromSearch('?status=nope&assigned=x&sort=random&waiting=yes&tag=0x1')).toEqual(noFilters);
    expect(inboxRequest(chosen)).toMatchObject({ status: 'snoozed', tag: 12 });
  });
});
