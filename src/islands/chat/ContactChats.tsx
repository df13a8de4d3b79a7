/**
 * The contact's side of /{lang}/chat with a page session: their conversations, latest first, each with the last
 * message, its time, the status and how many of the staff's messages they have not read; each opens its page
 * (which the page session covers). Live: a new message or status in one of them reads the list again, as does the
 * tab coming back.
 */
import { useEffect, useState } from 'react';
import { contactChatsFollower, listContactChats, type ContactChatBox } from '../../flows/session/contactChats.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { dayLabel, localDay, timeLabel } from './dayLabel.ts';

interface Props {
  lang: Lang;
  t: Translate;
}

export default function ContactChats({ lang, t }: Props) {
  const [chats, setChats] = useState<ContactChatBox[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      listContactChats().then(
        (list) => {
          if (stopped) return;
          setChats(list);
          setFailed(false);
          follower.follow(list.map((chat) => chat.id));
        },
        () => !stopped && setFailed(true),
      );
    // Several events at once (a message and the status it reopened) read the list once.
    const follower = contactChatsFollower(() => {
      clearTimeout(again);
      again = setTimeout(() => void load(), 200);
    });
    const onVisible = () => document.visibilityState === 'visible' && void load();
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(again);
      follower.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

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
