/**
 * One chat box in the staff inbox: the contact, the last message (or, while searching, the newest message that
 * matched, its matches marked as text), time, status, assignee and this staff member's unread count.
 */
import type { InboxEntry as Entry } from '../../lib/api/inbox.ts';
import { matchPieces } from '../../lib/inbox/highlight.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { dayLabel, localDay, timeLabel } from './dayLabel.ts';

interface Props {
  lang: Lang;
  t: Translate;
  entry: Entry;
  /** The signed-in staff member's uid, to say "assigned to you". */
  me: string | undefined;
  /** The search text the list was asked for, if any. */
  query: string | undefined;
}

function assigneeLabel(t: Translate, entry: Entry, me: string | undefined): string {
  if (!entry.assignee) return t('inbox.filter.unassigned');
  if (me && entry.assignee.uid === me) return t('inbox.assignedToYou');
  return t('inbox.assignedTo', { name: entry.assignee.name || entry.assignee.email });
}

export default function InboxEntry({ lang, t, entry, me, query }: Props) {
  const shown = (query && entry.match) || entry.lastMessage;
  const when = shown?.createdAt ?? entry.lastActivityAt;
  return (
    <li className={entry.unread > 0 ? 'inbox-entry inbox-unread' : 'inbox-entry'}>
      <a href={`/${lang}/chat/${entry.id}`}>
        <bdi className="inbox-contact">{entry.contact.name || entry.contact.email}</bdi>
        <span className="inbox-preview muted" dir="auto">
          {!shown
            ? t('inbox.noMessages')
            : query && entry.match
              ? matchPieces(entry.match.text, query).map((piece, index) =>
                  piece.match ? <mark key={index}>{piece.text}</mark> : piece.text,
                )
              : shown.text}
        </span>
        <span className="inbox-meta muted">
          <time dateTime={when}>
            {dayLabel(lang, localDay(when))} {timeLabel(lang, when)}
          </time>{' '}
          <span className={`inbox-status inbox-${entry.status}`}>{t(`inbox.status.${entry.status}`)}</span>{' '}
          <span className="inbox-assignee">{assigneeLabel(t, entry, me)}</span>
          {entry.unread > 0 && <span className="inbox-count"> {t('inbox.unread', { count: entry.unread })}</span>}
        </span>
      </a>
    </li>
  );
}
