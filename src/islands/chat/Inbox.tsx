/**
 * The staff inbox: every chat box by latest activity, with the contact, the last message, this staff member's
 * unread count, the status, assignee, tags, priority and snooze; filters, a search over message text, ticked rows
 * for a bulk action (BulkBar.tsx), and the invitation dialog. The
 * list is a store its page creates (flows/staff/inbox.ts), read again whenever the staff stream says something
 * changed, so it is live without reloading.
 */
import { useStore } from '@nanostores/react';
import type { Inbox as InboxStore } from '../../flows/staff/inbox.ts';
import type { InboxFilters as Filters } from '../../lib/inbox/filters.ts';
import { isFiltered } from '../../lib/inbox/filters.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { tagList } from '../../stores/staffLists.ts';
import InviteDialog from '../staff/InviteDialog.tsx';
import SignInEnded from '../staff/SignInEnded.tsx';
import BulkBar from './BulkBar.tsx';
import InboxEntry from './InboxEntry.tsx';
import InboxFilters from './InboxFilters.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  inbox: InboxStore;
  /** The signed-in staff member's uid. */
  me?: string | undefined;
  /** The server sends e-mail: the invite dialog offers it. */
  mailEnabled?: boolean;
  /** The conversation open beside the list, and how to open one there (the workspace). */
  current?: string | undefined;
  onOpen?: (chatBoxId: string) => void;
  /** New filters (the workspace keeps them in the address); by default the store alone. */
  onFilters?: (filters: Filters) => void;
}

export default function Inbox({ lang, t, inbox, me, mailEnabled = false, current, onOpen, onFilters = inbox.setFilters }: Props) {
  const { shown, failed, signedOut, filters, selected, bulkFailed } = useStore(inbox.$inbox);
  const tags = useStore(tagList.$list) ?? [];

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
      </div>
      <InboxFilters t={t} filters={filters} onChange={onFilters} waiting={shown?.waiting} tags={tags} />
      <BulkBar
        lang={lang}
        t={t}
        inbox={inbox}
        me={me}
        selected={selected}
        shown={shown?.entries.length ?? 0}
        failed={bulkFailed}
        tags={tags}
      />
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
            <InboxEntry
              key={entry.id}
              lang={lang}
              t={t}
              entry={entry}
              me={me}
              query={shown.query}
              current={entry.id === current}
              onOpen={onOpen}
              selected={selected.includes(entry.id)}
              onSelect={inbox.select}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
