import { describe, expect, it } from 'vitest';
import { inboxListBody, inboxQueryMax } from '../api/inbox.ts';
import { inboxRequest, isFiltered, noFilters, searchText, searchTextMax } from './filters.ts';

describe('inbox filters', () => {
  it('ask for everything when nothing is chosen', () => {
    expect(inboxRequest(noFilters)).toEqual({ limit: 100 });
    expect(isFiltered(noFilters)).toBe(false);
  });

  it('send status, assignment and the trimmed search text, each only when chosen', () => {
    const body = inboxRequest({ status: 'resolved', assigned: 'me', query: '  refund  ' });
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
});
