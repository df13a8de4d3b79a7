/**
 * Where the staff workspace is, kept in the address: the open conversation in the path (/{lang}/chat/{chatBoxId}),
 * the list's filters in the query. Opening a conversation pushes a history entry and changing filters replaces
 * the current one, so Back and Forward move between conversations, and a reload or a shared link shows the same
 * view. The store follows Back and Forward (popstate) while something listens. How far the list was scrolled when
 * the page was left is kept for the tab (sessionStorage: a reload comes back to it; the address has no place for it).
 */
import { atom, onMount } from 'nanostores';
import { idPatterns } from '../../lib/api/constants.ts';
import { filtersFromSearch, filtersToSearch, sameFilters, type InboxFilters } from '../../lib/inbox/filters.ts';

export interface WorkspaceRoute {
  chatBoxId: string | undefined;
  filters: InboxFilters;
}

/** The route an address names: `/{lang}/chat` or `/{lang}/chat/{chatBoxId}`, and its filters. */
export function routeOf({ pathname, search }: { pathname: string; search: string }): WorkspaceRoute {
  const id = /^\/[^/]+\/chat\/([^/]+)\/?$/.exec(pathname)?.[1];
  return { chatBoxId: id && idPatterns.chatBox.test(id) ? id : undefined, filters: filtersFromSearch(search) };
}

/** The address of a route, in the page's language. */
export function addressOf(lang: string, { chatBoxId, filters }: WorkspaceRoute): string {
  return `/${lang}/chat${chatBoxId ? `/${chatBoxId}` : ''}${filtersToSearch(filters)}`;
}

const listScrollKey = 'foyer.workspaceListScroll';

export function createWorkspaceRoute(lang: string, start: { pathname: string; search: string } = location) {
  const $route = atom<WorkspaceRoute>(routeOf(start));

  onMount($route, () => {
    const onPop = () => $route.set(routeOf(location));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  });

  function go(next: WorkspaceRoute, how: 'push' | 'replace'): void {
    $route.set(next);
    const address = addressOf(lang, next);
    if (address === location.pathname + location.search) return;
    if (how === 'push') history.pushState(null, '', address);
    else history.replaceState(null, '', address);
  }

  return {
    $route,
    /** Opens a conversation (or, with none, goes back to the list alone): a new history entry. */
    open(chatBoxId: string | undefined): void {
      go({ ...$route.get(), chatBoxId }, 'push');
    },
    /** How far the list was scrolled when this page was left at this address in this tab (a reload comes back to it). */
    savedListScroll(): number {
      const saved = JSON.parse(sessionStorage.getItem(listScrollKey) ?? 'null') as { address?: string; top?: number } | null;
      return saved?.address === location.pathname + location.search ? Number(saved.top) || 0 : 0;
    },
    saveListScroll(top: number): void {
      sessionStorage.setItem(listScrollKey, JSON.stringify({ address: location.pathname + location.search, top }));
    },
    /** New filters: the same history entry, so Back leaves the list rather than undoing each keystroke. */
    filter(filters: InboxFilters): void {
      if (!sameFilters(filters, $route.get().filters)) go({ ...$route.get(), filters }, 'replace');
    },
  };
}

export type WorkspaceRouteStore = ReturnType<typeof createWorkspaceRoute>;
