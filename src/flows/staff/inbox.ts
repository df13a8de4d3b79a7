/**
 * The staff inbox as a store, live while something listens: every chat box by latest activity with the chosen
 * filters, read when the staff stream opens (and after each reconnect, so nothing in between is missed) and again
 * after a burst of its events (a message, a read cursor, a status, an assignment); the unread count over every chat
 * box for the tab's title; rows ticked for a bulk action; and whether the sign-in ended (a fresh token refused too,
 * eventStream.ts). The organisation's tags are read with the first list and again when a row carries one not known
 * (stores/staffLists.ts).
 */
import { map, onMount } from 'nanostores';
import { signedOutCodes } from '../../lib/api/constants.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import type { BulkAction, InboxEntry } from '../../lib/api/inbox.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { openEventStream } from '../../lib/chat/eventStream.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { inboxRequest, isFiltered, noFilters, sameFilters, searchText, type InboxFilters } from '../../lib/inbox/filters.ts';
import { createStaffApi } from '../../lib/staff/staffApi.ts';
import { tagList } from '../../stores/staffLists.ts';

/** Events come in bursts (a message and a read cursor): one reload for a burst. */
export const reloadAfterMs = 250;

export interface InboxState {
  /** Undefined until the first read. */
  shown:
    | {
        entries: InboxEntry[];
        query: string | undefined;
        unread: number;
        waiting: number;
        /** The latest conversations whatever the filters (the alerts compare their unread counts, flows/staff/alerts.ts). */
        latest: InboxEntry[];
      }
    | undefined;
  /** The error code of the last read, when it failed. */
  failed: string | undefined;
  signedOut: boolean;
  filters: InboxFilters;
  /** Rows ticked for a bulk action, by chat box id. */
  selected: string[];
  /** How many of the last bulk action's conversations could not be changed. */
  bulkFailed: number;
}

const unreadOf = (entries: InboxEntry[]) => entries.reduce((sum, entry) => sum + entry.unread, 0);

export function createInbox(getToken: TokenGetter, filters: InboxFilters = noFilters) {
  const api = createStaffApi(getToken);
  const $inbox = map<InboxState>({ shown: undefined, failed: undefined, signedOut: false, filters, selected: [], bulkFailed: 0 });
  let load: () => Promise<void> = async () => {};

  onMount($inbox, () => {
    let stopped = false;
    let latest = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    load = async () => {
      const asked = ++latest;
      const filters = $inbox.get().filters;
      try {
        // Filtered, the tab's unread count still needs every chat box.
        const [entries, all] = await Promise.all([
          api.inbox(inboxRequest(filters)),
          isFiltered(filters) ? api.inbox(inboxRequest(noFilters)) : undefined,
        ]);
        // Only the newest question's answer is shown: an older one may arrive after it.
        if (stopped || asked !== latest) return;
        $inbox.setKey('shown', {
          entries: entries.chatBoxes,
          query: searchText(filters.query),
          unread: unreadOf((all ?? entries).chatBoxes),
          waiting: entries.waiting,
          latest: (all ?? entries).chatBoxes,
        });
        // A ticked row that left the list is no longer selected.
        const ids = new Set(entries.chatBoxes.map((entry) => entry.id));
        const selected = $inbox.get().selected;
        if (selected.some((id) => !ids.has(id)))
          $inbox.setKey(
            'selected',
            selected.filter((id) => ids.has(id)),
          );
        $inbox.setKey('failed', undefined);
        // A tag made since the list was read (an admin, another tab): read the list again.
        const known = new Set(tagList.$list.get()?.map((tag) => tag.id));
        const unknown = entries.chatBoxes.some((entry) => entry.tags.some((tag) => !known.has(tag.id)));
        tagList.load(api.tags, unknown).catch(() => {});
      } catch (error) {
        if (!stopped && asked === latest) $inbox.setKey('failed', error instanceof ApiRequestError ? error.code : 'unknown');
      }
    };
    const stream = openEventStream({
      url: endpoints.inboxStream.path,
      getToken,
      onEvent: () => {
        clearTimeout(timer);
        timer = setTimeout(() => void load(), reloadAfterMs);
      },
      onState: (state, code) => {
        if (state === 'open') {
          void load();
          // Opened again after a drop: what changed meanwhile may include the tag list.
          tagList.load(api.tags, true).catch(() => {});
        }
        if (state === 'stopped' && code && signedOutCodes.includes(code)) $inbox.setKey('signedOut', true);
      },
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream.close();
      load = async () => {};
    };
  });

  return {
    $inbox,
    api,
    /** Reads the list now (not after the stream's next burst), and gives what it shows then. */
    async refresh(): Promise<InboxState['shown']> {
      await load();
      return $inbox.get().shown;
    },
    /** Ticks or unticks a row for a bulk action. */
    select(chatBoxId: string, on: boolean): void {
      const selected = $inbox.get().selected.filter((id) => id !== chatBoxId);
      $inbox.setKey('selected', on ? [...selected, chatBoxId] : selected);
    },
    /** Ticks every row the list shows. */
    selectAll(): void {
      $inbox.setKey('selected', $inbox.get().shown?.entries.map((entry) => entry.id) ?? []);
    },
    clearSelection(): void {
      $inbox.set({ ...$inbox.get(), selected: [], bulkFailed: 0 });
    },
    /** One action on every ticked row; the selection clears, and the list is read again at once. */
    async bulk(action: BulkAction): Promise<void> {
      const chatBoxIds = $inbox.get().selected;
      if (!chatBoxIds.length) return;
      const answer = await api.bulk({ chatBoxIds, action });
      $inbox.set({ ...$inbox.get(), selected: [], bulkFailed: answer.failed.length });
      await load();
    },
    /** New filters: kept (the stream's reloads use them too) and read at once. */
    setFilters(filters: InboxFilters): void {
      if (sameFilters(filters, $inbox.get().filters)) return;
      $inbox.set({ ...$inbox.get(), filters, selected: [] });
      void load();
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
