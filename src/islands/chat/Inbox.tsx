/**
 * The staff inbox on /{lang}/chat: every chat box by latest activity, with the contact, the last message, this
 * staff member's unread count and the status. It reads the list again whenever the staff stream says something
 * changed (a new message, a read cursor, a status), so it is live without reloading; the tab's title counts unread.
 */
import { useEffect, useState } from 'react';
import type { InboxEntry, InboxListAnswer } from '../../lib/api/inbox.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { openEventStream } from '../../lib/chat/eventStream.ts';
import { ApiRequestError, request } from '../../lib/http/client.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { dayLabel, localDay, timeLabel } from './dayLabel.ts';

interface Props {
  lang: Lang;
  t: Translate;
  getToken: TokenGetter;
}

/** Events come in bursts (a message and a read cursor): one reload for a burst. */
const reloadAfterMs = 250;

export default function Inbox({ lang, t, getToken }: Props) {
  const [entries, setEntries] = useState<InboxEntry[] | undefined>(undefined);
  const [failed, setFailed] = useState<string | undefined>(undefined);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function load() {
      try {
        const token = await getToken();
        if (!token || stopped) return;
        const answer = await request<InboxListAnswer>('/api/inbox/list', { method: 'POST', bearer: token, body: { limit: 100 } });
        if (stopped) return;
        setEntries(answer.chatBoxes);
        setFailed(undefined);
      } catch (error) {
        if (!stopped) setFailed(error instanceof ApiRequestError ? error.code : 'unknown');
      }
    }
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), reloadAfterMs);
    };
    // The list is read when the stream opens (and again after every reconnect), so nothing in between is missed.
    const stream = openEventStream({
      url: '/api/inbox/stream',
      getToken,
      onEvent: soon,
      onState: (state) => {
        if (state === 'open') void load();
      },
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream.close();
    };
  }, [getToken]);

  const unread = entries?.reduce((sum, entry) => sum + entry.unread, 0) ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);

  if (failed && !entries) {
    return (
      <p className="notice" role="alert">
        {t('inbox.unavailable')}
      </p>
    );
  }
  if (!entries) {
    return (
      <p className="muted" role="status">
        {t('inbox.loading')}
      </p>
    );
  }
  if (!entries.length) return <p className="muted">{t('inbox.empty')}</p>;

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

  return (
    <ul className="inbox" onKeyDown={onKeyDown}>
      {entries.map((entry) => {
        const when = entry.lastMessage?.createdAt ?? entry.lastActivityAt;
        return (
          <li key={entry.id} className={entry.unread > 0 ? 'inbox-entry inbox-unread' : 'inbox-entry'}>
            <a href={`/${lang}/chat/${entry.id}`}>
              <span className="inbox-contact" dir="auto">
                {entry.contact.name || entry.contact.email}
              </span>
              <span className="inbox-preview muted" dir="auto">
                {entry.lastMessage?.text ?? t('inbox.noMessages')}
              </span>
              <span className="inbox-meta muted">
                <time dateTime={when}>
                  {dayLabel(lang, localDay(when))} {timeLabel(lang, when)}
                </time>{' '}
                <span className={`inbox-status inbox-${entry.status}`}>{t(`inbox.status.${entry.status}`)}</span>
                {entry.unread > 0 && <span className="inbox-count"> {t('inbox.unread', { count: entry.unread })}</span>}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
