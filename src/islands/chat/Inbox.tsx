/**
 * The staff inbox on /{lang}/chat: every chat box by latest activity, with the contact, the last message, this
 * staff member's unread count, the status and the assignee; filters, a search over message text, and the
 * invitation dialog. The list is a store (flows/staff/inbox.ts) read again whenever the staff stream says something
 * changed, so it is live without reloading; the tab's title counts unread.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { createInbox } from '../../flows/staff/inbox.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { isFiltered } from '../../lib/inbox/filters.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
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

export default function Inbox({ lang, t, getToken, me, mailEnabled = false }: Props) {
  const inbox = useMemo(() => createInbox(getToken), [getToken]);
  const { shown, failed, signedOut, filters } = useStore(inbox.$inbox);

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
        <InviteDialog lang={lang} t={t} api={inbox.api} mailEnabled={mailEnabled} />
        <a href={`/${lang}/staff`}>{t('inbox.staffLink')}</a>
      </div>
      <InboxFilters t={t} filters={filters} onChange={inbox.setFilters} />
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
