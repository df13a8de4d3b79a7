/** The inbox's filters as the page holds them, and the list request they make (lib/api/inbox.ts). */

import { inboxQueryMax } from '../api/constants.ts';
import type { InboxSort } from '../api/inbox.ts';

/** The orders the list offers (lib/api/inbox.ts has them too, with zod; the browser takes this copy). */
export const inboxSorts: readonly InboxSort[] = ['newest', 'oldest', 'waitingLongest'];

/** The contract's limit on the search text (counted in characters). */
export const searchTextMax = inboxQueryMax;

export const statusFilters = ['all', 'open', 'snoozed', 'resolved'] as const;
export type StatusFilter = (typeof statusFilters)[number];
export const assignedFilters = ['anyone', 'me', 'nobody'] as const;
export type AssignedFilter = (typeof assignedFilters)[number];

export interface InboxFilters {
  status: StatusFilter;
  assigned: AssignedFilter;
  /** Only those with this tag (its id). */
  tag: number | undefined;
  /** Only those waiting for us (open, the contact's message last). */
  waiting: boolean;
  sort: InboxSort;
  /** What was typed in the search box, as typed. */
  query: string;
}

export const noFilters: InboxFilters = { status: 'all', assigned: 'anyone', tag: undefined, waiting: false, sort: 'newest', query: '' };

/** The search text the server is asked for: trimmed, cut to the contract's limit, none when blank. */
export function searchText(query: string): string | undefined {
  const text = [...query.trim()].slice(0, searchTextMax).join('').trim();
  return text || undefined;
}

export interface InboxListRequest {
  status?: 'open' | 'snoozed' | 'resolved';
  assigned?: 'me' | 'nobody';
  tag?: number;
  waiting?: true;
  sort?: InboxSort;
  query?: string;
  limit: number;
}

/** The body of POST /api/inbox/list for these filters; "all", "anyone" and the default order send nothing. */
export function inboxRequest({ status, assigned, tag, waiting, sort, query }: InboxFilters, limit = 100): InboxListRequest {
  const text = searchText(query);
  return {
    ...(status !== 'all' && { status }),
    ...(assigned !== 'anyone' && { assigned }),
    ...(tag !== undefined && { tag }),
    ...(waiting && { waiting: true as const }),
    ...(sort !== 'newest' && { sort }),
    ...(text && { query: text }),
    limit,
  };
}

/** Some filter leaves conversations out (an order leaves none out). */
export const isFiltered = ({ sort: _, ...filters }: InboxFilters) => Object.keys(inboxRequest({ ...filters, sort: 'newest' })).length > 1;

/**
 * The filters in the workspace's address (`?status=open&assigned=me&tag=3&q=refund`), so Back, a reload and a shared link
 * keep them: only what differs from no filters, the search as typed.
 */
export function filtersToSearch({ status, assigned, tag, waiting, sort, query }: InboxFilters): string {
  const params = new URLSearchParams();
  if (status !== noFilters.status) params.set('status', status);
  if (assigned !== noFilters.assigned) params.set('assigned', assigned);
  if (tag !== undefined) params.set('tag', String(tag));
  if (waiting) params.set('waiting', '1');
  if (sort !== noFilters.sort) params.set('sort', sort);
  if (query) params.set('q', query);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The filters an address names; anything unknown or malformed is no filter. */
export function filtersFromSearch(search: string): InboxFilters {
  const params = new URLSearchParams(search);
  const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
    values.find((known) => known === value) ?? fallback;
  return {
    status: pick(statusFilters, params.get('status'), noFilters.status),
    assigned: pick(assignedFilters, params.get('assigned'), noFilters.assigned),
    tag: /^[1-9]\d{0,14}$/.test(params.get('tag') ?? '') ? Number(params.get('tag')) : undefined,
    waiting: params.get('waiting') === '1',
    sort: pick(inboxSorts, params.get('sort'), noFilters.sort),
    query: (params.get('q') ?? '').slice(0, 1000),
  };
}

export const sameFilters = (a: InboxFilters, b: InboxFilters) =>
  a.status === b.status &&
  a.assigned === b.assigned &&
  a.tag === b.tag &&
  a.waiting === b.waiting &&
  a.sort === b.sort &&
  a.query === b.query;
