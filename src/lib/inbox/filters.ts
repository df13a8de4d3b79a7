/** The inbox's filters as the page holds them, and the list request they make (lib/api/inbox.ts). */

import { inboxQueryMax } from '../api/constants.ts';

/** The contract's limit on the search text (counted in characters). */
export const searchTextMax = inboxQueryMax;

export const statusFilters = ['all', 'open', 'resolved'] as const;
export type StatusFilter = (typeof statusFilters)[number];
export const assignedFilters = ['anyone', 'me', 'nobody'] as const;
export type AssignedFilter = (typeof assignedFilters)[number];

export interface InboxFilters {
  status: StatusFilter;
  assigned: AssignedFilter;
  /** What was typed in the search box, as typed. */
  query: string;
}

export const noFilters: InboxFilters = { status: 'all', assigned: 'anyone', query: '' };

/** The search text the server is asked for: trimmed, cut to the contract's limit, none when blank. */
export function searchText(query: string): string | undefined {
  const text = [...query.trim()].slice(0, searchTextMax).join('').trim();
  return text || undefined;
}

export interface InboxListRequest {
  status?: 'open' | 'resolved';
  assigned?: 'me' | 'nobody';
  query?: string;
  limit: number;
}

/** The body of POST /api/inbox/list for these filters; "all" and "anyone" send nothing. */
export function inboxRequest({ status, assigned, query }: InboxFilters, limit = 100): InboxListRequest {
  const text = searchText(query);
  return {
    ...(status !== 'all' && { status }),
    ...(assigned !== 'anyone' && { assigned }),
    ...(text && { query: text }),
    limit,
  };
}

export const isFiltered = (filters: InboxFilters) => Object.keys(inboxRequest(filters)).length > 1;
