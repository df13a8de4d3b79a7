/**
 * A contact's open session: the line that says who is chatting (and when the session ends, in its last hour), with
 * a menu that holds "E-mail me this conversation" (when this server sends e-mail) and "Leave this conversation on
 * this device", then the conversation (a chat box's page) or their list of conversations (the page session).
 */
import { lazy, Suspense, useCallback, useMemo, useState, type Ref } from 'react';
import { getSessionToken } from '../../flows/session/sessionApi.ts';
import { renewSession, signOut, type SessionView } from '../../flows/session/sessionFlow.ts';
import { isolate } from '../../lib/format.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Messages } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import Conversation from '../Conversation.tsx';
import LeaveConversation from './LeaveConversation.tsx';
import { useLazyModule } from '../useLazyModule.ts';
import { useVisualViewport } from './useVisualViewport.ts';

// The conversations page's list: not part of what an open conversation loads (its budget, tests/budgets.ts).
const ContactChats = lazy(() => import('./ContactChats.tsx'));

interface Props {
  lang: Lang;
  t: Translate;
  messages: Messages;
  view: SessionView & { kind: 'active' };
  /** The session that opens the page: the chat box's own, or the page session. */
  sessionKey: string;
  chatBoxId: string | undefined;
  show: (view: SessionView) => void;
  /** The session line, which takes focus after a code was accepted. */
  sessionLine: Ref<HTMLDivElement>;
  mailEnabled: boolean;
}

export default function ContactScreen({ lang, t, messages, view, sessionKey, chatBoxId, show, sessionLine, mailEnabled }: Props) {
  useVisualViewport();
  const me = useMemo(() => ({ kind: 'contact' as const, id: view.contact.id }), [view.contact.id]);
  const contactToken = useCallback(() => getSessionToken(sessionKey).catch(() => null), [sessionKey]);
  // The stream or a call refused the session: renewing tells whether it ended (code form) or still holds.
  const onStopped = useCallback(() => void renewSession(sessionKey).then(show), [sessionKey, show]);
  // "E-mail me this conversation" loads with the menu's first opening: most contacts never open it.
  const [menuOpened, setMenuOpened] = useState(false);
  const TranscriptRequest = useLazyModule(menuOpened && !!chatBoxId && mailEnabled, () => import('./TranscriptRequest.tsx'))?.default;
  return (
    <>
      <div ref={sessionLine} tabIndex={-1} className={chatBoxId ? 'session-active session-header' : 'session-active'}>
        {/* The line alone is the live region: the menu beside it is not announced as it opens and closes. */}
        <p role="status">
          {t('session.chattingAs', { name: isolate(view.contact.name || view.contact.email) })}
          {/* Renewing needs no word while the page is open; only a session's last hour is said. */}
          {view.final && (
            <>
              {' '}
              <span className="muted">
                {t('session.endsAt', { time: new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short' }).format(view.expiresAt) })}
              </span>
            </>
          )}
        </p>
        <LeaveConversation t={t} onLeave={() => show(signOut(sessionKey))} onOpen={() => setMenuOpened(true)}>
          {chatBoxId && TranscriptRequest && <TranscriptRequest t={t} messages={messages} chatBoxId={chatBoxId} getToken={contactToken} />}
        </LeaveConversation>
      </div>
      {chatBoxId ? (
        <Conversation lang={lang} t={t} messages={messages} chatBoxId={chatBoxId} me={me} getToken={contactToken} onStopped={onStopped} />
      ) : (
        <Suspense fallback={null}>
          <ContactChats lang={lang} t={t} sessionKey={sessionKey} contactId={view.contact.id} mailEnabled={mailEnabled} />
        </Suspense>
      )}
    </>
  );
}
