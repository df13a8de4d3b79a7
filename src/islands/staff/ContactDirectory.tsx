/**
 * The contacts directory (/{lang}/staff/contacts): staff search by name or e-mail address, see each contact's
 * language, when they were first and last seen and how many conversations they have, and open one for their
 * conversations and, for admins, their data rights (export, erase). The search and the open contact live in the
 * address (flows/staff/contactDirectory.ts), so Back, a reload and a shared link keep them.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { endonyms, intlLocale, isLang, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { paths } from '../../lib/paths.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';
import { createContactDirectory } from '../../flows/staff/contactDirectory.ts';
import ContactDataRights from './ContactDataRights.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffApi;
  getToken: TokenGetter;
}

const languageName = (lang: string) => (isLang(lang) ? endonyms[lang] : lang);

export default function ContactDirectory({ lang, t, api, getToken }: Props) {
  const id = useId();
  const directory = useMemo(() => createContactDirectory(lang, api), [lang, api]);
  const state = useStore(directory.$directory);
  const [typed, setTyped] = useState(state.query);
  const [erased, setErased] = useState('');
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const when = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
  const date = (iso: string | null) => (iso ? when.format(new Date(iso)) : t('contacts.neverSeen'));

  // Back and Forward change the search: the field follows.
  useEffect(() => setTyped(state.query), [state.query]);
  // An opened contact's name takes the focus, so a screen reader hears where they are.
  const shown = state.details?.contact.id;
  useEffect(() => {
    if (shown) detailsHeading.current?.focus();
  }, [shown]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setErased('');
    directory.search(typed);
  }

  const { contacts, details } = state;
  return (
    <div className="contact-directory" data-open={state.contactId ? 'true' : undefined}>
      <section className="contact-directory-list" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="sr-only">
          {t('contacts.results')}
        </h2>
        <form role="search" className="contact-directory-search" onSubmit={onSubmit}>
          <label htmlFor={`${id}-query`}>{t('contacts.search')}</label>
          <div className="contact-directory-search-row">
            <input
              id={`${id}-query`}
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <button type="submit" className="button">
              {t('contacts.searchButton')}
            </button>
          </div>
        </form>
        {state.error && (
          <p className="notice" role="alert">
            {apiErrorText(t, state.error)}
          </p>
        )}
        {contacts === undefined ? (
          <p className="muted" role="status">
            {t('contacts.loading')}
          </p>
        ) : (
          <>
            <p className="muted" role="status">
              {erased ||
                (contacts.length === 0 && !state.error
                  ? state.query
                    ? t('contacts.noMatches', { query: state.query })
                    : t('contacts.none')
                  : '')}
            </p>
            <ul className="contact-directory-entries">
              {contacts.map((contact) => (
                <li key={contact.id}>
                  <a
                    href={paths.contacts(lang, { query: state.query, contactId: contact.id })}
                    aria-current={contact.id === state.contactId ? 'true' : undefined}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      directory.open(contact.id);
                    }}
                  >
                    <strong dir="auto">{contact.name || contact.email}</strong>
                    {contact.name && <span dir="ltr">{contact.email}</span>}
                    <span className="muted">
                      <span lang={contact.lang}>{languageName(contact.lang)}</span> ·{' '}
                      {t('contacts.conversationCount', { count: contact.conversations })} · {t('contacts.lastSeen')}{' '}
                      {date(contact.lastSeenAt)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            {state.hasMore && (
              <button type="button" className="button secondary" disabled={state.loadingMore} onClick={() => void directory.more()}>
                {t('contacts.more')}
              </button>
            )}
          </>
        )}
      </section>
      <section className="contact-directory-details" aria-labelledby={`${id}-details`}>
        {!state.contactId && (
          <h2 id={`${id}-details`} className="muted contact-directory-choose">
            {t('contacts.choose')}
          </h2>
        )}
        {state.contactId && state.detailsError && (
          <>
            <h2 id={`${id}-details`}>{t('contacts.title')}</h2>
            <p className="notice" role="alert">
              {apiErrorText(t, state.detailsError)}
            </p>
          </>
        )}
        {state.contactId && !details && !state.detailsError && (
          <p id={`${id}-details`} className="muted" role="status">
            {t('contacts.loading')}
          </p>
        )}
        {details && (
          <>
            <p className="contact-directory-back">
              <a
                href={paths.contacts(lang, { query: state.query })}
                onClick={(event) => {
                  event.preventDefault();
                  directory.open(undefined);
                }}
              >
                {t('contacts.back')}
              </a>
            </p>
            <h2 id={`${id}-details`} ref={detailsHeading} tabIndex={-1} dir="auto">
              {details.contact.name || details.contact.email}
            </h2>
            <dl className="chat-contact-facts">
              <dt>{t('staffTools.email')}</dt>
              <dd>
                <a href={`mailto:${details.contact.email}`} dir="ltr">
                  {details.contact.email}
                </a>
              </dd>
              <dt>{t('staffTools.language')}</dt>
              <dd lang={details.contact.lang}>{languageName(details.contact.lang)}</dd>
              <dt>{t('contacts.firstSeen')}</dt>
              <dd>{date(details.contact.createdAt)}</dd>
              <dt>{t('contacts.lastSeen')}</dt>
              <dd>{date(details.lastSeenAt)}</dd>
            </dl>
            <h3>{t('contacts.conversations')}</h3>
            {details.chatBoxes.length ? (
              <ul className="chat-contact-boxes">
                {details.chatBoxes.map((chatBox) => (
                  <li key={chatBox.id}>
                    <a href={paths.chatBox(lang, chatBox.id)}>
                      {t('staffTools.lastActive', { date: when.format(new Date(chatBox.lastActivityAt)) })}
                    </a>{' '}
                    <span className="muted">
                      {t(`inbox.status.${chatBox.status}`)} · {t('contacts.messageCount', { count: chatBox.messages })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('contacts.noConversations')}</p>
            )}
            <ContactDataRights
              key={details.contact.id}
              contactId={details.contact.id}
              email={details.contact.email}
              lang={lang}
              t={t}
              getToken={getToken}
              onErased={(said) => {
                setErased(said);
                directory.erased(details.contact.id);
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
