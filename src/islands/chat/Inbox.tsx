/**
 * The staff inbox on /{lang}/chat: every chat box by latest activity, with the contact, the last message, this
 * staff member's unread count, the status and the assignee; filters, a search over message text, and the
 * invitation dialog. It reads the list again whenever the staff stream says something changed (a new message, a
 * read cursor, a status, an assignment), so it is live without reloading; the tab's title counts unread.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { endpoints } from '../../lib/api/endpoints.ts';
import { signedOutCodes } from '../../lib/api/constants.ts';
import type { InboxEntry as Entry } from '../../lib/api/inbox.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { openEventStream } from '../../lib/chat/eventStream.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { inboxRequest, isFiltered, noFilters, searchText, type InboxFilters as Filters } from '../../lib/inbox/filters.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { createStaffApi } from '../../lib/staff/staffApi.ts';
import InviteDialog from '../staff/InviteDialog.tsx';
import SignInEnded from '../staff/SignInEnded.tsx';
import InboxEntry from './InboxEntry.tsx';
import InboxFilters from './InboxFilters.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  getToken: TokenGetter;
  /** The signed-in staff member's uid. */
  me?: string | undefined;
  /** The server sends e-mail: the invite dialog offers it. */
  mailEnabled?: boolean;
}

/** Events come in bursts (a message and a read cursor): one reload for a burst. */
const reloadAfterMs = 250;

interface Shown {
  entries: Entry[];
  /** The search text these entries answer, to mark it in each match. */
  query: string | undefined;
  /** Over every chat box, not only the filtered ones: the tab's title. */
  unread: number;
}

const unreadOf = (entries: Entry[]) => entries.reduce((sum, entry) => sum + entry.unread, 0);

export default function Inbox({ lang, t, getToken, me, mailEnabled = false }: Props) {
  const api = useMemo(() => createStaffApi(getToken), [getToken]);
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const [signedOut, setSignedOut] = useState(false);
  const [filters, setFilters] = useState<Filters>(noFilters);
  // The stream outlives filter changes: it reloads with whatever filters are chosen when its events arrive.
  const filtersRef = useRef(filters);
  const loadRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    let stopped = false;
    let latest = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function load() {
      const asked = ++latest;
      const current = filtersRef.current;
      try {
        // Filtered, the tab's unread count still needs every chat box.
        const [entries, all] = await Promise.all([
          api.inbox(inboxRequest(current)),
          isFiltered(current) ? api.inbox(inboxRequest(noFilters)) : undefined,
        ]);
        // Only the newest question's answer is shown: an older one may arrive after it.
        if (stopped || asked !== latest) return;
        setShown({
          entries: entries.chatBoxes,
          query: searchText(current.query),
          unread: unreadOf((all ?? entries).chatBoxes),
        });
        setFailed(undefined);
      } catch (error) {
        if (!stopped && asked === latest) setFailed(error instanceof ApiRequestError ? error.code : 'unknown');
      }
    }
    loadRef.current = load;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), reloadAfterMs);
    };
    // The list is read when the stream opens (and again after every reconnect), so nothing in between is missed.
    const stream = openEventStream({
      url: endpoints.inboxStream.path,
      getToken,
      onEvent: soon,
      onState: (state, code) => {
        if (state === 'open') void load();
        // A fresh token was refused too (eventStream.ts asks for one after a 401): the sign-in is over.
        if (state === 'stopped' && code && signedOutCodes.includes(code)) setSignedOut(true);
      },
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream.close();
    };
  }, [api, getToken]);

  const changeFilters = useCallback((next: Filters) => {
    filtersRef.current = next;
    setFilters(next);
    void loadRef.current();
  }, []);

  const unread = shown?.unread ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);

  function onKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = links[event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : Math.max(at - 1, 0)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  if (signedOut) return <SignInEnded lang={lang} t={t} />;
  const filtered = isFiltered(filters);
  return (
    <div className="inbox-page">
      <div className="inbox-tools">
        <InviteDialog lang={lang} t={t} api={api} mailEnabled={mailEnabled} />
        <a href={`/${lang}/staff`}>{t('inbox.staffLink')}</a>
      </div>
      <InboxFilters t={t} filters={filters} onChange={changeFilters} />
      {failed && !shown && (
        <p className="notice" role="alert">
          {t('inbox.unavailable')}
        </p>
      )}
      {!failed && !shown && (
        <p className="muted" role="status">
          {t('inbox.loading')}
        </p>
      )}
      {/* Always in the page, so a screen reader hears how many a new filter or search found. */}
      <p className="sr-only" role="status">
        {shown && filtered ? t('inbox.results', { count: shown.entries.length }) : ''}
      </p>
      {shown && !shown.entries.length && <p className="muted">{t(filtered ? 'inbox.noMatches' : 'inbox.empty')}</p>}
      {shown && shown.entries.length > 0 && (
        <ul className="inbox" onKeyDown={onKeyDown}>
          {shown.entries.map((entry) => (
            <InboxEntry key={entry.id} lang={lang} t={t} entry={entry} me={me} query={shown.query} />
          ))}
        </ul>
      )}
    </div>
  );
}
