/**
 * One chat box in the staff inbox: the contact, the last message's first line (saying "You:", a colleague's name or
 * "Note:" when the contact did not write it; while searching, the newest message that matched, its matches marked
 * as text), time, priority, status (or until when it is snoozed), assignee, this staff member's unread count and
 * its tags; a box to tick it for a bulk action. In the workspace a plain click opens the
 * conversation beside the list (`onOpen`); the link still works as a link (a new tab, a copied address).
 */
import { useStore } from '@nanostores/react';
import type { InboxEntry as Entry } from '../../lib/api/inbox.ts';
import { isolate } from '../../lib/format.ts';
import { matchPieces } from '../../lib/inbox/highlight.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { previewLine } from '../../lib/chat/previewLine.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { $now } from '../../stores/clock.ts';
import { dayLabel, localDay, sinceLabel, timeLabel } from './dayLabel.ts';

interface Props {
  lang: Lang;
  t: Translate;
  entry: Entry;
  /** The signed-in staff member's uid, to say "assigned to you". */
  me: string | undefined;
  /** The search text the list was asked for, if any. */
  query: string | undefined;
  /** This is the conversation open beside the list. */
  current?: boolean;
  onOpen?: (chatBoxId: string) => void;
  /** Ticked for a bulk action; without `onSelect`, no box to tick. */
  selected?: boolean;
  onSelect?: (chatBoxId: string, on: boolean) => void;
}

/** The last message's first line, with who wrote it when that was not the contact. */
function preview(t: Translate, entry: Entry, me: string | undefined): string {
  const message = entry.lastMessage;
  if (!message) return t('inbox.noMessages');
  const text = previewLine(message);
  if (message.sender.kind === 'contact' && !message.internal) return text;
  // Isolated, so a line in another script keeps its own direction after the page's "You:".
  const line = isolate(text);
  if (message.internal) return t('inbox.previewNote', { text: line });
  if (me && message.sender.id === me) return t('inbox.previewYou', { text: line });
  return t('inbox.previewStaff', { name: isolate(entry.lastSenderName ?? ''), text: line });
}

/** A click that means "open here": no modifier key, the main button. */
const plainClick = (event: React.MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function assigneeLabel(t: Translate, entry: Entry, me: string | undefined): string {
  if (!entry.assignee) return t('inbox.filter.unassigned');
  if (me && entry.assignee.uid === me) return t('inbox.assignedToYou');
  return t('inbox.assignedTo', { name: entry.assignee.name || entry.assignee.email });
}

export default function InboxEntry({ lang, t, entry, me, query, current = false, onOpen, selected = false, onSelect }: Props) {
  const shown = (query && entry.match) || entry.lastMessage;
  const when = shown?.createdAt ?? entry.lastActivityAt;
  // Relative times move on with the clock, not only when the list is read again.
  const now = useStore($now);
  const snoozed = entry.snoozedUntil !== null && Date.parse(entry.snoozedUntil) > now;
  return (
    <li className={entry.unread > 0 ? 'inbox-entry inbox-unread' : 'inbox-entry'}>
      {onSelect && (
        <input
          type="checkbox"
          className="inbox-select"
          checked={selected}
          aria-label={t('inbox.select', { name: entry.contact.name || entry.contact.email })}
          onChange={(event) => onSelect(entry.id, event.currentTarget.checked)}
        />
      )}
      <a
        href={`/${lang}/chat/${entry.id}`}
        aria-current={current ? 'page' : undefined}
        onClick={(event) => {
          if (!onOpen || !plainClick(event)) return;
          event.preventDefault();
          onOpen(entry.id);
        }}
      >
        <bdi className="inbox-contact">{entry.contact.name || entry.contact.email}</bdi>
        <span className="inbox-preview muted" dir="auto">
          {query && entry.match
            ? matchPieces(entry.match.text, query).map((piece, index) => (piece.match ? <mark key={index}>{piece.text}</mark> : piece.text))
            : preview(t, entry, me)}
        </span>
        <span className="inbox-meta muted">
          <time dateTime={when}>
            {dayLabel(lang, localDay(when))} {timeLabel(lang, when)}
          </time>{' '}
          {entry.priority && (
            <span className={`inbox-priority inbox-priority-${entry.priority}`}>{t(`triage.priority.${entry.priority}`)}</span>
          )}{' '}
          <span className={`inbox-status inbox-${entry.status}`}>
            {snoozed
              ? t('triage.snoozedUntil', {
                  time: `${dayLabel(lang, localDay(entry.snoozedUntil!))} ${timeLabel(lang, entry.snoozedUntil!)}`,
                })
              : t(`inbox.status.${entry.status}`)}
          </span>{' '}
          <span className="inbox-assignee">{assigneeLabel(t, entry, me)}</span>
          {entry.waiting && entry.contactWroteAt && (
            <span className="inbox-waiting"> {t('inbox.contactWrote', { time: sinceLabel(lang, entry.contactWroteAt, now) })}</span>
          )}
          {entry.unread > 0 && <span className="inbox-count"> {t('inbox.unread', { count: entry.unread })}</span>}
        </span>
        {entry.tags.length > 0 && (
          <span className="inbox-tags">
            {entry.tags.map((tag) => (
              <span key={tag.id} className="tag" dir="auto">
                {tag.name}
              </span>
            ))}
          </span>
        )}
      </a>
    </li>
  );
}
