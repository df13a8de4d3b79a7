/**
 * The framed page's side of the widget (/{lang}/chatBox… in the launcher's iframe, `?embed={host origin}`):
 * it tells the launcher it loaded, asks it to close on Escape or the close button, or to enlarge the panel, and
 * passes on for the badge how many of the other side's messages are unread (the conversation's `data-unread`: read
 * is what was on screen, so replies that came while the panel was closed stay unread until it shows them). Messages go only to the host's origin; the browser's frame-ancestors check (FRAME_ANCESTORS) has already
 * made sure that host may frame this page. (In a frame, sessions are kept in partitioned cookies: lib/cookies.ts.)
 */
import { embedMessage, type EmbedMessage } from './protocol.ts';

function hostOrigin(): string | undefined {
  // The browser says who frames the page (Chromium, Safari); elsewhere the launcher's `embed` parameter names it.
  const named = location.ancestorOrigins?.[0] ?? new URLSearchParams(location.search).get('embed');
  if (!named || window.parent === window) return undefined;
  try {
    return new URL(named).origin === named ? named : undefined;
  } catch {
    return undefined;
  }
}

const host = hostOrigin();
if (host) {
  const post = (message: EmbedMessage) => window.parent.postMessage(message, host);
  document.documentElement.dataset['embedded'] = '';
  let unread = 0;
  // "2 unread messages" in the page's language: each plural form is rendered on the button (EmbedFrame.astro).
  const closeButton = document.querySelector<HTMLElement>('[data-embed-close]');
  const lang = document.documentElement.lang || 'en';
  const unreadLabel = (count: number) =>
    (closeButton?.dataset[`unread${new Intl.PluralRules(lang).select(count)}`] ?? closeButton?.dataset['unreadother'] ?? '').replace(
      '{{count}}',
      // In the language's own digits, as the page's translator writes counts (lib/i18n/translate.ts).
      new Intl.NumberFormat(lang).format(count),
    );
  const tellUnread = () => post({ foyer: 1, type: 'unread', count: unread, label: unreadLabel(unread) });

  // Links to a conversation lead to Foyer's full pages (/{lang}/chat/…), which refuse to be framed: in the frame
  // they open the widget's own page for it instead, still naming the host.
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.origin !== location.origin || !/^\/[^/]+\/chat(\/|$)/.test(link.pathname)) return;
      const url = new URL(link.href);
      url.pathname = url.pathname.replace(/^(\/[^/]+\/chat)/, '$1Box');
      url.searchParams.set('embed', host);
      const theme = new URLSearchParams(location.search).get('theme');
      if (theme) url.searchParams.set('theme', theme);
      link.href = url.href;
    },
    true,
  );
  // "Enlarge the chat": a toggle the launcher answers by resizing the panel (it says where it cannot: phones).
  const enlarge = document.querySelector<HTMLButtonElement>('[data-embed-enlarge]');
  enlarge?.addEventListener('click', () => post({ foyer: 1, type: 'resize', large: enlarge.getAttribute('aria-pressed') !== 'true' }));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-embed-close]')) {
    button.hidden = false;
    button.addEventListener('click', () => post({ foyer: 1, type: 'close' }));
  }
  document.addEventListener('keydown', (event) => {
    // Escape that a dialog or menu of the page has not used closes the panel.
    if (event.key === 'Escape' && !event.defaultPrevented) post({ foyer: 1, type: 'close' });
  });
  addEventListener('message', (event) => {
    if (event.origin !== host || event.source !== window.parent) return;
    const message = embedMessage(event.data);
    if (message?.type === 'size' && enlarge) {
      enlarge.hidden = !message.resizable;
      enlarge.setAttribute('aria-pressed', String(message.large));
    }
  });
  new MutationObserver(() => {
    const count = Number(document.querySelector<HTMLElement>('.chat[data-unread]')?.dataset['unread'] ?? 0);
    if (count === unread) return;
    unread = count;
    tellUnread();
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-unread'] });
  post({ foyer: 1, type: 'ready' });
}
