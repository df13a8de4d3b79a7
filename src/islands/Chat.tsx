/**
 * The island of the chat pages, /{lang}/chat… and the /{lang}/chatBox… widget (one chat box, or `page` for all of a
 * contact's): opens the contact's session from the invitation link or a typed code (flows/session/sessionFlow.ts keeps
 * it renewed) and shows one screen, each in a file of its own (chat/): the staff's (StaffScreen), an open session's
 * (ContactScreen), the question before another person's link (OtherContactQuestion) or the code form. A staff member
 * signed in on this browser (the sign-in hint says so before Firebase loads) gets the inbox or the conversation as
 * staff, without a code; contacts never download Firebase.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { botCheckActive, configureBotCheck } from '../lib/botCheck.ts';
import type { ClientSettings } from '../lib/clientSettings.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import { useTranslator } from './useTranslator.ts';
import { takeContactSessionParams } from '../lib/session/params.ts';
import { targetPath } from '../lib/session/codeForm.ts';
import { sessionKeyFor } from '../lib/session/sessionKey.ts';
import { hasStaffHint } from '../lib/staff/signedInHint.ts';
import { hasWorkspaceCookie } from '../lib/staff/workspaceCookie.ts';
import type { StaffChatIdentity } from '../flows/staff/staffChat.ts';
import {
  keepSessionCurrent,
  noticeFor,
  openSession,
  submitCode,
  type SessionLink,
  type SessionView,
} from '../flows/session/sessionFlow.ts';
import { $contactSessions } from '../stores/contactSessions.ts';
import { $devMode, initDevMode } from '../stores/devMode.ts';
import BotCheckNotice from './BotCheckNotice.tsx';
import AppErrorGate from './AppErrorGate.tsx';
import ContactScreen from './chat/ContactScreen.tsx';
import OtherContactQuestion from './chat/OtherContactQuestion.tsx';
import StaffScreen from './chat/StaffScreen.tsx';
import { $attachmentMaxBytes } from '../stores/attachmentLimit.ts';

type CodeView = Extract<SessionView, { kind: 'code' }>;

// Not part of what an open conversation loads (its budget, tests/budgets.ts): the code form, for someone without a
// session, and the welcome back, for a returning contact.
const CodeForm = lazy(() => import('./chat/CodeForm.tsx'));
const WelcomeBack = lazy(() => import('./chat/WelcomeBack.tsx'));

interface Props {
  lang: Lang;
  messages: Messages;
  /** A chat box id, or `page`. */
  sessionKey: string;
  settings: ClientSettings;
  /** The page is the staff workspace for a browser with its cookie (not the widget's). */
  workspace: boolean;
}

function Session({ lang, messages, sessionKey: pageKey, settings, workspace }: Props) {
  const t = useTranslator(lang, messages);
  const id = useId();
  const devMode = useStore($devMode);
  const [view, setView] = useState<SessionView>({ kind: 'checking' });
  const [staff, setStaff] = useState<StaffChatIdentity | null>(null);
  const [busy, setBusy] = useState(false);
  // Where a code was typed, until one opens a session: in the form folded under a welcome back (which stays, the
  // form saying its answer), or in the plain form (which stays plain).
  const [typedIn, setTypedIn] = useState<'welcome' | 'form' | undefined>(undefined);
  const chatBoxId = pageKey === 'page' ? undefined : pageKey;
  // The session that opens this page: its own, or the contact's page session, which covers all their chat boxes.
  const [sessionKey, setSessionKey] = useState(pageKey);
  // The invitation link's code, kept while the page asks whether to use it (it is gone from the address by then).
  const link = useRef<SessionLink>({});

  useEffect(() => {
    configureBotCheck(settings.botCheck);
    initDevMode(settings.devModeCookie);
    $attachmentMaxBytes.set(settings.attachmentMaxBytes);
    const taken = takeContactSessionParams(location, history);
    link.current = taken;
    const key = sessionKeyFor(pageKey, $contactSessions.get(), !!taken.otp && !!taken.contactId);
    setSessionKey(key);
    // The link in a started conversation's e-mail (flows/session/chatStart.ts): its code opens the new chat box.
    if (taken['start'] && taken['otp']) {
      const { start, otp } = taken;
      void import('../flows/session/chatStart.ts')
        .then(({ openStartedConversation }) => openStartedConversation(start, otp))
        .then(
          (id) => location.replace(targetPath(location.pathname, id)),
          (error: unknown) => {
            const notice = noticeFor(error);
            setView({ kind: 'code', notice: notice === 'session.codeNotAccepted' ? 'start.codeNotAccepted' : notice, contactId: '' });
          },
        );
      return;
    }
    const asContact = () => void openSession(key, taken).then(setView);
    // Only a browser where staff signed in loads Firebase; anyone else goes straight to the contact session.
    if (!hasStaffHint()) return asContact();
    const asStaff = (identity: StaffChatIdentity) => {
      // Staff signed in before the workspace had its cookie: the server shows the workspace once it has it. (Once:
      // staffChatIdentity sets it; a browser that keeps no cookie stays here.)
      if (workspace && hasWorkspaceCookie()) return location.reload();
      setStaff(identity);
    };
    import('../flows/staff/staffChat.ts')
      .then(({ staffChatIdentity }) => staffChatIdentity(settings.firebase))
      .then((identity) => (identity ? asStaff(identity) : asContact()), asContact);
  }, [pageKey, settings, workspace]);

  // Renewed on time and when the tab comes back (lib/session): the page only shows what that finds.
  useEffect(() => keepSessionCurrent(sessionKey, view, setView), [view, sessionKey]);

  // After Continue, focus goes to what came of it (the session line), not back to the document.
  const result = useRef<HTMLDivElement>(null);
  const focusResult = useRef(false);
  useEffect(() => {
    if (view.kind !== 'active' || !focusResult.current) return;
    focusResult.current = false;
    result.current?.focus();
  }, [view]);

  async function onSubmit(contactId: string, otp: string, target: { key: string; path: string } | undefined) {
    setBusy(true);
    // A code typed by hand is for this page's own session; one from a pasted link, for the link's chat box.
    const key = target?.key ?? pageKey;
    const where = view.kind === 'code' && welcomes(view) ? 'welcome' : 'form';
    const next = await submitCode(key, contactId, otp);
    setTypedIn(next.kind === 'active' ? undefined : where);
    if (target && key !== pageKey && next.kind === 'active') return location.assign(target.path);
    if (key === pageKey) setSessionKey(pageKey);
    focusResult.current = true;
    setView(next);
    setBusy(false);
  }

  function openLinkAnyway() {
    setView({ kind: 'checking' });
    void openSession(sessionKey, link.current, true).then(setView);
  }

  /** The link is dropped unused; the visitor goes on where their own session is. */
  function stayAs(currentKey: string) {
    link.current = {};
    if (currentKey !== sessionKey) return location.assign(targetPath(location.pathname, currentKey));
    setView({ kind: 'checking' });
    void openSession(sessionKey, {}).then(setView);
  }

  /** A contact this device or the link knows, whose session ended or whose link was used: one button brings them
   * back, when the server sends e-mail. */
  const welcomes = (view: CodeView) =>
    settings.mailEnabled &&
    typedIn !== 'form' &&
    !!view.contactId &&
    (view.notice === 'session.ended' || view.notice === 'session.codeNotAccepted');
  // Folded under the welcome, the form does not say again what the welcome says, only the answer to a code typed
  // there (kept as one object per view: the form resets its fields for each new one).
  const quietView = useMemo(() => (view.kind === 'code' ? { ...view, notice: undefined } : undefined), [view]);

  const codeForm = (view: CodeView, newLink: boolean) => (
    <Suspense fallback={null}>
      <CodeForm
        t={t}
        view={view}
        busy={busy}
        onSubmit={(contactId, otp, target) => void onSubmit(contactId, otp, target)}
        newLink={newLink ? { lang, chatBoxId } : undefined}
      >
        {botCheckActive() && <BotCheckNotice t={t} />}
      </CodeForm>
    </Suspense>
  );

  const title = t(staff && !chatBoxId ? 'inbox.title' : chatBoxId ? 'session.title' : 'session.titlePage');
  return (
    <section className="session" aria-labelledby={`${id}-title`}>
      {/* Over a contact's conversation the team line says who they are talking to: the heading is for screen readers. */}
      <h1 id={`${id}-title`} className={view.kind === 'active' && !staff && chatBoxId ? 'sr-only' : undefined}>
        {title}
      </h1>
      {view.kind === 'checking' && !staff && (
        <p role="status" className="muted">
          {t('session.checking')}
        </p>
      )}
      {staff && (
        <StaffScreen lang={lang} t={t} messages={messages} staff={staff} chatBoxId={chatBoxId} mailEnabled={settings.mailEnabled} />
      )}
      {view.kind === 'active' && !staff && (
        <ContactScreen
          lang={lang}
          t={t}
          messages={messages}
          view={view}
          sessionKey={sessionKey}
          chatBoxId={chatBoxId}
          show={setView}
          sessionLine={result}
          mailEnabled={settings.mailEnabled}
        />
      )}
      {view.kind === 'otherContact' && !staff && (
        <OtherContactQuestion t={t} current={view.current} onOpen={openLinkAnyway} onStay={() => stayAs(view.currentKey)} />
      )}
      {view.kind === 'code' &&
        !staff &&
        (welcomes(view) ? (
          <Suspense fallback={null}>
            <WelcomeBack
              t={t}
              lang={lang}
              contactId={view.contactId}
              name={view.name}
              linkUsed={view.notice === 'session.codeNotAccepted'}
              chatBoxId={chatBoxId}
            >
              {codeForm(typedIn === 'welcome' ? view : (quietView ?? view), false)}
            </WelcomeBack>
          </Suspense>
        ) : (
          codeForm(view, settings.mailEnabled)
        ))}
      {devMode && (
        <dl className="dev-mode">
          <dt>session</dt>
          <dd>{sessionKey}</dd>
          <dt>state</dt>
          <dd>{view.kind === 'active' ? `active until ${new Date(view.expiresAt).toISOString()}` : view.kind}</dd>
        </dl>
      )}
    </section>
  );
}

/** The island: the session page, or the seed's error screen when an app error is set. */
export default function Chat(props: Props) {
  return (
    <AppErrorGate t={useTranslator(props.lang, props.messages)}>
      <Session {...props} />
    </AppErrorGate>
  );
}
