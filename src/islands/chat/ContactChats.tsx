/**
 * The contact's side of /{lang}/chat: their conversations, latest first, each with the last message, its time, the
 * status and how many of the staff's messages they have not read; each opens its page (which the session covers).
 * With a page session, all of them; with only a chat box's session on this device, that one, and one button to get
 * a link to all of them by e-mail. Live: the store (flows/session/contactChats.ts) reads the list again after a new
 * message or status in one of them, and when the tab comes back.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { createContactChats, type ContactChatsState } from '../../flows/session/contactChats.ts';
import { pageScope } from '../../lib/api/constants.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { previewLine } from '../../lib/chat/previewLine.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { dayLabel, localDay, timeLabel } from './dayLabel.ts';
import EmailLinkButton from './EmailLinkButton.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  /** The session that lists them: the page session, or a chat box's. */
  sessionKey: string;
  contactId: string;
  /** The server sends e-mail: a chat box's session offers a link to all of them. */
  mailEnabled: boolean;
}

export default function ContactChats({ lang, t, sessionKey, contactId, mailEnabled }: Props) {
  const $contactChats = useMemo(() => createContactChats(sessionKey), [sessionKey]);
  const { chats, failed } = useStore($contactChats);
  const onlyOne = sessionKey !== pageScope;
  return (
    <>
      {onlyOne && (
        <div className="contact-chats-more">
          <p>{t(mailEnabled ? 'contactChats.onlyThisDevice' : 'contactChats.onlyThisDeviceNoMail')}</p>
          {mailEnabled && (
            <EmailLinkButton
              t={t}
              lang={lang}
              contactId={contactId}
              chatBoxId={undefined}
              label="contactChats.emailAll"
              className="button secondary"
            />
          )}
        </div>
      )}
      <ChatList lang={lang} t={t} chats={chats} failed={failed} />
    </>
  );
}

function ChatList({ lang, t, chats, failed }: { lang: Lang; t: Translate } & ContactChatsState) {
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
        const text = chat.lastMessage ? previewLine(chat.lastMessage) : undefined;
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
