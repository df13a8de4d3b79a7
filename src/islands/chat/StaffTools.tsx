/**
 * A staff member's tools beside one conversation: status (resolve, reopen), assignment, triage (tags, priority,
 * snooze: TriageTools.tsx) and muting its alerts (flows/staff/alerts.ts) above the messages, the
 * contact's details in a side panel (collapsible on narrow screens). Loaded only for staff, so contacts never
 * download it. Refusals show as translated text (apiError.{code}).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Assignee, ChatStatus } from '../../lib/api/chat.ts';
import type { ContactDetailsAnswer } from '../../lib/api/contacts.ts';
import { colleagues, displayName, isMe, myEmail, type Me } from '../../lib/chat/assignment.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { apiErrorKey } from '../../lib/i18n/apiErrorKey.ts';
import { endonyms, intlLocale, isLang, type Lang } from '../../lib/i18n/languages.ts';
import type { Messages } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { paths } from '../../lib/paths.ts';
import { createStaffApi } from '../../lib/staff/staffApi.ts';
import type { Triage } from '../../stores/conversation.ts';
import { $organizationUser } from '../../stores/staffAuth.ts';
import { $alertSettings, loadAlertSettings, setMuted } from '../../stores/staffAlerts.ts';
import { staffList } from '../../stores/staffLists.ts';
import ColleagueSelect from './ColleagueSelect.tsx';
import TriageTools from './TriageTools.tsx';

export { activityText } from './activityText.ts';
export { default as SavedReplyPicker } from './SavedReplyPicker.tsx';

interface Common {
  lang: Lang;
  t: Translate;
  messages: Messages;
  getToken: TokenGetter;
}

const errorCode = (error: unknown) => (error instanceof ApiRequestError ? error.code : 'unknown');

interface ToolbarProps extends Common {
  uid: string;
  status: ChatStatus | undefined;
  assignee: Assignee | null | undefined;
  setStatus: (status: ChatStatus) => Promise<void>;
  assign: (email: string | null) => Promise<void>;
  chatBoxId: string;
  triage: Triage;
  setTriage: (change: Partial<Triage>) => void;
}

export function StaffToolbar(props: ToolbarProps) {
  const { lang, t, messages, getToken, uid, status, assignee, setStatus, assign } = props;
  const api = useMemo(() => createStaffApi(getToken), [getToken]);
  const organizationUser = useStore($organizationUser);
  const staff = useStore(staffList.$list) ?? [];
  const alerts = useStore($alertSettings);
  const muted = alerts?.muted.includes(props.chatBoxId) ?? false;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const me: Me = { uid, email: organizationUser?.uid === uid ? organizationUser.email : undefined };
  const email = myEmail(me, staff);
  const others = colleagues(staff, me, intlLocale(lang));

  // Read once for the page (every conversation's toolbar and the inbox's bulk bar share it).
  useEffect(() => {
    let current = true;
    staffList.load(api.staff).catch((failure: unknown) => current && setError(t(apiErrorKey(errorCode(failure), messages))));
    loadAlertSettings(() => api.alerts()).catch(() => {});
    return () => {
      current = false;
    };
  }, [api]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(t(apiErrorKey(errorCode(failure), messages)));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const assigneeText = !assignee
    ? t('staffTools.nobody')
    : isMe(assignee, me)
      ? t('staffTools.you', { name: displayName(assignee) })
      : displayName(assignee);

  return (
    <section className="chat-tools" aria-label={t('staffTools.label')}>
      <div className="chat-tools-group">
        <p className="chat-tools-state" role="status">
          {t('staffTools.status')}{' '}
          <strong className={`chat-status chat-status-${status ?? 'open'}`}>{status && t(`inbox.status.${status}`)}</strong>
        </p>
        {status && (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            data-shortcut={status === 'open' ? 'resolve' : undefined}
            onClick={() => void run(() => setStatus(status === 'open' ? 'resolved' : 'open'))}
          >
            {t(status === 'open' ? 'staffTools.resolve' : 'staffTools.reopen')}
          </button>
        )}
      </div>
      <div className="chat-tools-group">
        <p className="chat-tools-state" role="status">
          {t('staffTools.assignedTo')} <strong dir="auto">{assignee !== undefined && assigneeText}</strong>
        </p>
        {email && !(assignee && isMe(assignee, me)) && (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            data-shortcut="assign"
            onClick={() => void run(() => assign(email))}
          >
            {t('staffTools.assignToMe')}
          </button>
        )}
        {assignee && (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void run(() => assign(null))}>
            {t('staffTools.unassign')}
          </button>
        )}
      </div>
      <ColleagueSelect
        t={t}
        colleagues={others}
        busy={busy}
        className="chat-tools-group"
        assign={(colleague) => run(() => assign(colleague))}
      />
      <TriageTools
        lang={lang}
        t={t}
        api={api}
        chatBoxId={props.chatBoxId}
        status={status}
        triage={props.triage}
        setTriage={props.setTriage}
        busy={busy}
        run={run}
      />
      <div className="chat-tools-group">
        <button
          type="button"
          className="button secondary"
          aria-pressed={muted}
          disabled={busy || !alerts}
          onClick={() => void run(async () => setMuted(props.chatBoxId, await api.mute(props.chatBoxId, !muted)))}
        >
          {t('alerts.mute')}
        </button>
      </div>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

interface PanelProps extends Common {
  chatBoxId: string;
  contactId: string;
}

export function ContactPanel({ lang, t, messages, getToken, chatBoxId, contactId }: PanelProps) {
  const id = useId();
  const api = useMemo(() => createStaffApi(getToken), [getToken]);
  const [details, setDetails] = useState<ContactDetailsAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let current = true;
    api.contact(contactId).then(
      (answer) => current && setDetails(answer),
      (failure: unknown) => current && setError(t(apiErrorKey(errorCode(failure), messages))),
    );
    return () => {
      current = false;
    };
  }, [api, contactId]);

  const when = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
  const others = details?.chatBoxes.filter((chatBox) => chatBox.id !== chatBoxId) ?? [];
  const contact = details?.contact;

  return (
    <aside className="chat-contact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="chat-contact-title">
        {t('staffTools.contact')}
      </h2>
      <button
        type="button"
        className="button secondary chat-contact-toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
      >
        {t('staffTools.contactDetails')}
      </button>
      <div id={`${id}-body`} className={open ? 'chat-contact-body' : 'chat-contact-body is-collapsed'}>
        {error && (
          <p className="chat-error" role="alert">
            {error}
          </p>
        )}
        {!contact && !error && (
          <p className="muted" role="status">
            {t('staffTools.loadingContact')}
          </p>
        )}
        {contact && (
          <>
            <dl className="chat-contact-facts">
              <dt>{t('staffTools.name')}</dt>
              <dd dir="auto">{contact.name || '—'}</dd>
              <dt>{t('staffTools.email')}</dt>
              <dd>
                <a href={`mailto:${contact.email}`} dir="ltr">
                  {contact.email}
                </a>
              </dd>
              <dt>{t('staffTools.language')}</dt>
              <dd lang={contact.lang}>{isLang(contact.lang) ? endonyms[contact.lang] : contact.lang}</dd>
            </dl>
            <h3>{t('staffTools.otherConversations')}</h3>
            {others.length ? (
              <ul className="chat-contact-boxes">
                {others.map((chatBox) => (
                  <li key={chatBox.id}>
                    <a href={paths.chatBox(lang, chatBox.id)}>
                      {t('staffTools.lastActive', { date: when.format(new Date(chatBox.lastActivityAt)) })}
                    </a>{' '}
                    <span className="muted">{t(`inbox.status.${chatBox.status}`)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('staffTools.noOtherConversations')}</p>
            )}
            <p>
              <a href={paths.contacts(lang, { contactId: contact.id })}>{t('contacts.openInDirectory')}</a>
            </p>
          </>
        )}
      </div>
    </aside>
  );
}
