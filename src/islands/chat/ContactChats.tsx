/**
 * The contact's side of /{lang}/chat with a page session: their conversations, latest first, each with the last
 * message, its time, the status and how many of the staff's messages they have not read; each opens its page
 * (which the page session covers). Live: the store (flows/session/contactChats.ts) reads the list again after a new
 * message or status in one of them, and when the tab comes back.
 */
import { useStore } from '@nanostores/react';
import { $contactChats } from '../../flows/session/contactChats.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { dayLabel, localDay, timeLabel } from './dayLabel.ts';

interface Props {
  lang: Lang;
  t: Translate;
}

export default function ContactChats({ lang, t }: Props) {
  const { chats, failed } = useStore($contactChats);

  if (failed && !chats) {
    return (
      <p className="notice" role="alert">
        {t('contactChats.unavailable')}
      </p>
    );
  }
  if (!chats) {
    return (
      <p className="muted" role="status">
        {t('contactChats.loading')}
      </p>
    );
  }
  if (!chats.length) return <p className="muted">{t('contactChats.empty')}</p>;
  return (
    <ul className="inbox contact-chats" aria-label={t('contactChats.list')}>
      {chats.map((chat) => {
        const when = chat.lastMessage?.createdAt ?? chat.lastActivityAt;
        const text = chat.lastMessage?.text;
        return (
          <li key={chat.id} className={chat.unread > 0 ? 'inbox-entry inbox-unread' : 'inbox-entry'}>
            <a href={`/${lang}/chat/${chat.id}`}>
              <span className="inbox-preview" dir="auto">
                {text === undefined
                  ? t('contactChats.noMessages')
                  : chat.lastMessage?.sender.kind === 'contact'
                    ? t('contactChats.fromYou', { text })
                    : text}
              </span>
              <span className="inbox-meta muted">
                <time dateTime={when}>
                  {dayLabel(lang, localDay(when))} {timeLabel(lang, when)}
                </time>{' '}
                <span className={`inbox-status inbox-${chat.status}`}>{t(`contactChats.status.${chat.status}`)}</span>
                {chat.unread > 0 && <span className="inbox-count"> {t('contactChats.unread', { count: chat.unread })}</span>}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
