/**
 * The chat widget's first page, /{lang}/chatBox: the organisation's front door for a visitor without a session (the
 * home: the help centre's search, the articles that helped others, the office hours, "Send us a message" and "I have
 * a code"), and the conversation island (Chat.tsx, loaded only then) for anyone with a session, an invitation link in
 * the address, or staff signed in. An article opens inside the panel; the home and the start form stay mounted under
 * it, so Back finds them as they were. Nothing of the search or the start form loads before it is used.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { contactSessionPrefix, pageScope } from '../lib/api/constants.ts';
import { configureBotCheck } from '../lib/botCheck.ts';
import type { ClientSettings } from '../lib/clientSettings.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import { pendingStart } from '../lib/session/pendingStart.ts';
import { isPresent } from '../lib/session/tokenAge.ts';
import { hasStaffHint } from '../lib/staff/signedInHint.ts';
import { $contactSessions } from '../stores/contactSessions.ts';
import AppErrorGate from './AppErrorGate.tsx';
import WidgetHome, { type OpenArticle } from './chat/WidgetHome.tsx';
import { useTranslator } from './useTranslator.ts';

const Chat = lazy(() => import('./Chat.tsx'));
const ArticlePanel = lazy(() => import('./chat/ArticlePanel.tsx'));
const StartForm = lazy(() => import('./chat/StartForm.tsx'));

interface Props {
  lang: Lang;
  messages: Messages;
  settings: ClientSettings;
}

type Screen = 'checking' | 'home' | 'start' | 'chat';

/** Whether the visitor comes to a conversation rather than to the front door. */
function hasConversation(): boolean {
  if (hasStaffHint()) return true;
  if ([...new URLSearchParams(location.search).keys()].some((name) => name.startsWith(contactSessionPrefix))) return true;
  return Object.values($contactSessions.get()).some((record) => isPresent(record, Date.now()));
}

function Front({ lang, messages, settings }: Props) {
  const t = useTranslator(lang, messages);
  const [screen, setScreen] = useState<Screen>('checking');
  const [article, setArticle] = useState<{ url: string; title: string } | undefined>(undefined);
  // The help-centre articles the visitor opened here, told to staff with the conversation they start.
  const [opened, setOpened] = useState<string[]>([]);
  // Focus follows the visitor to what they opened, and back; never on the first paint.
  const moved = useRef(false);
  const focusOnArrival = useCallback((heading: HTMLElement | null) => {
    if (heading && moved.current) {
      moved.current = false;
      heading.focus();
    }
  }, []);
  // Back from an article, focus returns to the link that opened it.
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (article || !returnTo.current) return;
    returnTo.current.focus();
    returnTo.current = null;
  }, [article]);

  useEffect(() => {
    configureBotCheck(settings.botCheck);
    setScreen(hasConversation() ? 'chat' : pendingStart() ? 'start' : 'home');
  }, [settings]);

  const [fromHome, setFromHome] = useState(false);
  const go = (next: Screen) => {
    moved.current = true;
    setFromHome(next === 'chat');
    setArticle(undefined);
    setScreen(next);
  };
  const openArticle: OpenArticle = (url, title) => {
    moved.current = true;
    returnTo.current = document.activeElement as HTMLElement | null;
    setArticle({ url, title });
    const key = /\/categories\/([^/]+)\/articles\/([^/?#]+)/.exec(url);
    if (key) setOpened((known) => [...new Set([...known, `${key[1]}/${key[2]}`])].slice(-5));
  };

  if (screen === 'checking')
    return (
      <p role="status" className="muted">
        {t('session.checking')}
      </p>
    );
  if (screen === 'chat')
    return (
      <div ref={focusOnArrival} tabIndex={-1} className="widget-chat">
        {/* Came from the home ("I have a code"): the way back to it. */}
        {fromHome && (
          <button type="button" className="link-button widget-back" onClick={() => go('home')}>
            {t('widget.back')}
          </button>
        )}
        <Suspense fallback={null}>
          <Chat lang={lang} messages={messages} sessionKey={pageScope} settings={settings} workspace={false} />
        </Suspense>
      </div>
    );
  return (
    <Suspense fallback={null}>
      {article && <ArticlePanel t={t} lang={lang} {...article} headingRef={focusOnArrival} onBack={() => setArticle(undefined)} />}
      <div hidden={!!article}>
        {screen === 'home' ? (
          <WidgetHome
            t={t}
            lang={lang}
            headingRef={focusOnArrival}
            onArticle={openArticle}
            onStart={() => go('start')}
            onCode={() => go('chat')}
          />
        ) : (
          <StartForm
            t={t}
            lang={lang}
            messages={messages}
            articles={opened}
            headingRef={focusOnArrival}
            hidden={!!article}
            onArticle={openArticle}
            onBack={() => go('home')}
          />
        )}
      </div>
    </Suspense>
  );
}

export default function ChatBox(props: Props) {
  return (
    <AppErrorGate t={useTranslator(props.lang, props.messages)}>
      <Front {...props} />
    </AppErrorGate>
  );
}
