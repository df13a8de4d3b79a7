/**
 * The contacts directory as a store, kept in the address (/{lang}/staff/contacts?q=…&contact=…): the search, its
 * pages of contacts, and the open contact's details. A search replaces the history entry (Back leaves the
 * directory rather than undoing each search); opening a contact pushes one, so Back returns to the list.
 */
import { map, onMount } from 'nanostores';
import type { ContactDetailsAnswer, DirectoryContact } from '../../lib/api/contacts.ts';
import { idPatterns } from '../../lib/api/constants.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { paths } from '../../lib/paths.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';

export interface DirectoryState {
  query: string;
  contactId: string | undefined;
  contacts: DirectoryContact[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** The list's error code, or the open contact's. */
  error: string | undefined;
  details: ContactDetailsAnswer | undefined;
  detailsError: string | undefined;
}

type Address = { search: string };

function fromAddress({ search }: Address): Pick<DirectoryState, 'query' | 'contactId'> {
  const params = new URLSearchParams(search);
  const contact = params.get('contact') ?? '';
  return { query: params.get('q')?.trim() ?? '', contactId: idPatterns.contact.test(contact) ? contact : undefined };
}

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : 'unknown');
const pageSize = 25;

export function createContactDirectory(lang: Lang, api: Pick<StaffApi, 'contacts' | 'contact'>, start: Address = location) {
  const $directory = map<DirectoryState>({
    ...fromAddress(start),
    contacts: undefined,
    hasMore: false,
    loadingMore: false,
    error: undefined,
    details: undefined,
    detailsError: undefined,
  });
  // Answers to an older search or contact arrive late: only the latest counts.
  let listRun = 0;
  let detailsRun = 0;

  async function loadList(): Promise<void> {
    const run = ++listRun;
    const { query } = $directory.get();
    try {
      const answer = await api.contacts({ query, offset: 0, limit: pageSize });
      if (run === listRun) $directory.set({ ...$directory.get(), contacts: answer.contacts, hasMore: answer.hasMore, error: undefined });
    } catch (error) {
      if (run === listRun) $directory.set({ ...$directory.get(), contacts: [], hasMore: false, error: codeOf(error) });
    }
  }

  async function loadDetails(): Promise<void> {
    const run = ++detailsRun;
    const { contactId } = $directory.get();
    $directory.set({ ...$directory.get(), details: undefined, detailsError: undefined });
    if (!contactId) return;
    try {
      const details = await api.contact(contactId);
      if (run === detailsRun) $directory.setKey('details', details);
    } catch (error) {
      if (run === detailsRun) $directory.setKey('detailsError', codeOf(error));
    }
  }

  function follow(address: Address): void {
    const next = fromAddress(address);
    const current = $directory.get();
    $directory.set({ ...current, ...next });
    if (next.query !== current.query || current.contacts === undefined) void loadList();
    if (next.contactId !== current.contactId || (next.contactId && !current.details)) void loadDetails();
  }

  function go(how: 'push' | 'replace'): void {
    const { query, contactId } = $directory.get();
    const address = paths.contacts(lang, { query, contactId });
    if (address === location.pathname + location.search) return;
    if (how === 'push') history.pushState(null, '', address);
    else history.replaceState(null, '', address);
  }

  onMount($directory, () => {
    void loadList();
    void loadDetails();
    const onPop = () => follow(location);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  });

  return {
    $directory,
    search(query: string): void {
      const trimmed = query.trim();
      if (trimmed === $directory.get().query) return;
      $directory.set({ ...$directory.get(), query: trimmed, contacts: undefined, hasMore: false });
      go('replace');
      void loadList();
    },
    open(contactId: string | undefined): void {
      if (contactId === $directory.get().contactId) return;
      $directory.setKey('contactId', contactId);
      go('push');
      void loadDetails();
    },
    async more(): Promise<void> {
      const state = $directory.get();
      if (!state.hasMore || state.loadingMore || !state.contacts) return;
      const run = listRun;
      $directory.setKey('loadingMore', true);
      try {
        const answer = await api.contacts({ query: state.query, offset: state.contacts.length, limit: pageSize });
        if (run !== listRun) return;
        const known = new Set(state.contacts.map((contact) => contact.id));
        const contacts = [...state.contacts, ...answer.contacts.filter((contact) => !known.has(contact.id))];
        $directory.set({ ...$directory.get(), contacts, hasMore: answer.hasMore, loadingMore: false });
      } catch (error) {
        if (run === listRun) $directory.set({ ...$directory.get(), loadingMore: false, error: codeOf(error) });
      }
    },
    /** The open contact was erased: out of the list, and the details closed (the address with them). */
    erased(contactId: string): void {
      const state = $directory.get();
      $directory.set({
        ...state,
        contacts: state.contacts?.filter((contact) => contact.id !== contactId),
        contactId: undefined,
        details: undefined,
      });
      go('replace');
    },
  };
}

export type ContactDirectory = ReturnType<typeof createContactDirectory>;
