/**
 * /embed.js: Foyer's widget (its chat) on an organisation's own website, from one script tag:
 *
 *   <script src="https://help.example.com/embed.js" data-lang="de" async></script>
 *
 * (optional: data-chat-box="cb_…", data-position="left", data-theme="dark": light, dark, auto (the visitor's
 * system, the default) or one of Foyer's theme names such as dark9). It draws a launcher button in a
 * shadow root (the host's CSS cannot reach it, and it cannot reach the host's) and loads nothing else, reads and
 * writes no cookie, until the button is pressed: then an iframe opens /{lang}/chatBox…, which the server lets only
 * the origins in FRAME_ANCESTORS frame. Frame and launcher talk with postMessage, each checking the other's origin:
 * ready, close (Escape or the frame's close button: focus comes back to the launcher), resize (the frame's "enlarge"
 * button; not on phones, where the panel fills the screen), and the unread count for the badge. An invitation link that landed on the host page (cs_contactId, cs_otp) is taken out of the host's address
 * and handed to the frame, which opens at once.
 *
 * Bundled by src/pages/embed.js.ts with each language's few words baked in; no framework, no imports at run time.
 */
import { embedMessage, type EmbedMessage } from './protocol.ts';

/** Each language's name for the launcher, "Chat with us" (the frame, a Foyer page, says everything else). */
declare const FOYER_WORDS: Record<string, string>;
declare const FOYER_DEFAULT_LANG: string;

// A page that includes the snippet twice (a template and a tag manager, say) still gets one launcher.
const loaded = window as { foyerEmbed?: boolean };
if (!loaded.foyerEmbed) {
  loaded.foyerEmbed = true;
  const script = document.currentScript as HTMLScriptElement | null;
  const foyer = new URL(script?.src ?? location.href).origin;
  const data = script?.dataset ?? {};
  const lang = data['lang'] && FOYER_WORDS[data['lang']] ? data['lang'] : FOYER_DEFAULT_LANG;
  const name = FOYER_WORDS[lang]!;
  const rtl = lang === 'ar' || lang === 'he';
  const side = data['position'] === 'left' ? 'left' : 'right';
  // Checked by the frame's page too (lib/themes/themes.ts, embedTheme); here only to pass on and to tint the panel.
  const theme = /^(light|dark)(1[0-5]|[1-9])?$/.test(data['theme'] ?? '') ? data['theme']! : undefined;
  const darkPanel = '.panel{background:#16181d}';

  // An invitation link opened on the host page: its parameters go to the frame only, never stay in the address.
  const here = new URL(location.href);
  const invitation: [string, string][] = [];
  for (const name of ['cs_contactId', 'cs_otp']) {
    const value = here.searchParams.get(name);
    if (value) invitation.push([name, value]);
    here.searchParams.delete(name);
  }
  if (invitation.length) history.replaceState(history.state, '', here.href);

  const host = document.createElement('div');
  host.setAttribute('data-foyer-embed', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>
:host{all:initial}
button{position:fixed;bottom:20px;${side}:20px;z-index:2147483000;inline-size:56px;block-size:56px;border-radius:50%;border:0;background:#2d5bd7;color:#fff;cursor:pointer;box-shadow:0 2px 10px rgb(0 0 0/.25);display:grid;place-items:center;padding:0}
button:focus-visible{outline:3px solid #2d5bd7;outline-offset:3px}
svg{inline-size:28px;block-size:28px;fill:currentColor}
.badge{position:absolute;top:-4px;${side === 'right' ? 'left' : 'right'}:-4px;min-inline-size:20px;block-size:20px;border-radius:10px;background:#c62828;color:#fff;font:600 12px/20px system-ui,sans-serif;text-align:center;padding:0 5px;box-sizing:border-box}
.panel{position:fixed;bottom:88px;${side}:20px;z-index:2147483000;inline-size:380px;block-size:600px;max-inline-size:calc(100vw - 40px);max-block-size:calc(100vh - 108px);border-radius:12px;overflow:hidden;box-shadow:0 4px 24px rgb(0 0 0/.3);background:#fff}
.panel[hidden],[hidden]{display:none}
${theme ? (theme.startsWith('dark') ? darkPanel : '') : `@media (prefers-color-scheme:dark){${darkPanel}}`}
iframe{border:0;inline-size:100%;block-size:100%}
@media (min-width:481px){.panel.large{inline-size:720px;block-size:calc(100vh - 108px)}}
@media (max-width:480px){.panel{inset:0;inline-size:100vw;block-size:100dvh;max-inline-size:none;max-block-size:none;border-radius:0}button[aria-expanded=true]{display:none}}
.pinned{inset:0 auto auto 0}
</style><div class="panel" hidden></div><button type="button" aria-expanded="false"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg><span class="badge" hidden aria-hidden="true"></span></button>`;
  const button = root.querySelector('button')!;
  const panel = root.querySelector<HTMLElement>('.panel')!;
  const badge = root.querySelector<HTMLElement>('.badge')!;
  let frame: HTMLIFrameElement | undefined;
  /** Whether the frame's page said it loaded: until then it has another origin, and messages to it would be lost. */
  let ready = false;
  let unread = 0;
  /** The frame's words for the unread count, in its language ("2 unread messages"). */
  let unreadLabel = '';
  const phone = matchMedia('(max-width:480px)');

  /** One name whether open or not (aria-expanded says which), with the unread count while closed. */
  function label(): void {
    const open = !panel.hidden;
    const showUnread = !open && unread > 0;
    button.setAttribute('aria-label', showUnread && unreadLabel ? `${name}, ${unreadLabel}` : name);
    button.setAttribute('aria-expanded', String(open));
    badge.hidden = !showUnread;
    badge.textContent = unread > 99 ? '99+' : String(unread);
  }

  function post(message: EmbedMessage): void {
    if (ready) frame?.contentWindow?.postMessage(message, foyer);
  }

  /** Tells the frame whether its "enlarge" button can do anything here, and whether the panel is large. */
  function size(): void {
    post({ foyer: 1, type: 'size', resizable: !phone.matches, large: panel.classList.contains('large') });
  }
  phone.addEventListener('change', size);

  // On a phone, a host page wider than the screen widens the layout viewport that `position: fixed` follows: the
  // launcher would sit past the screen's edge, the panel off to one side. There both follow the visual viewport
  // (what is on screen) instead.
  const viewport = window.visualViewport;
  function pin(): void {
    const on = !!viewport && phone.matches;
    button.classList.toggle('pinned', on);
    panel.classList.toggle('pinned', on);
    const { offsetLeft: x = 0, offsetTop: y = 0, width = 0, height = 0 } = viewport ?? {};
    button.style.transform = on ? `translate(${side === 'right' ? x + width - 76 : x + 20}px,${y + height - 76}px)` : '';
    panel.style.cssText = on ? `transform:translate(${x}px,${y}px);inline-size:${width}px;block-size:${height}px` : '';
  }
  viewport?.addEventListener('resize', pin);
  viewport?.addEventListener('scroll', pin);
  phone.addEventListener('change', pin);
  pin();

  function open(): void {
    if (!frame) {
      const path = `/${lang}/chatBox${data['chatBox'] ? `/${encodeURIComponent(data['chatBox'])}` : ''}`;
      const src = new URL(path, foyer);
      src.searchParams.set('embed', location.origin);
      if (theme) src.searchParams.set('theme', theme);
      for (const [name, value] of invitation) src.searchParams.set(name, value);
      frame = document.createElement('iframe');
      frame.title = name;
      frame.src = src.href;
      panel.append(frame);
      // The frame says it is there; if it never does, the browser refused it (frame-ancestors) or it failed to load.
      const refused = setTimeout(() => {
        console.error(
          `Foyer: the chat box did not load in 10 s. Add ${location.origin} to FRAME_ANCESTORS at ${foyer}, or check that it is up.`,
        );
      }, 10_000);
      addEventListener('message', (event) => {
        if (event.origin === foyer && event.source === frame?.contentWindow && embedMessage(event.data)?.type === 'ready') {
          // Each time the frame's page loads (it may navigate or reload), it learns the panel's size.
          ready = true;
          clearTimeout(refused);
          size();
        }
      });
    }
    panel.hidden = false;
    label();
    frame.focus();
  }

  function close(): void {
    panel.hidden = true;
    label();
    button.focus();
  }

  button.addEventListener('click', () => (panel.hidden ? open() : close()));
  root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape' && !panel.hidden) close();
  });
  addEventListener('message', (event) => {
    if (event.origin !== foyer || !frame || event.source !== frame.contentWindow) return;
    const message = embedMessage(event.data);
    if (message?.type === 'close') close();
    else if (message?.type === 'resize') {
      panel.classList.toggle('large', message.large);
      size();
    } else if (message?.type === 'unread') {
      unread = message.count;
      unreadLabel = message.label;
      label();
    }
  });

  host.dir = rtl ? 'rtl' : 'ltr';
  host.lang = lang;
  label();
  // In <head>, an async script may run before <body> exists.
  const mount = () => {
    document.body.append(host);
    if (invitation.length) open();
  };
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
}
