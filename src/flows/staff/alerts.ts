/**
 * Alerts for new messages while the workspace's tab is in the background or not focused: a desktop notification
 * (when the browser allows them: the staff menu's button asks, never the page by itself), a short sound (when the
 * staff member turned it on), and a badge with the unread count on the tab's icon, as the title has it. Only for
 * a contact's message in a conversation assigned to this staff member or to nobody, never one they muted; one
 * notification a conversation, replaced by the next (its tag); clicking it brings the tab forward on that
 * conversation. New messages are what the inbox's live list says: a row whose last message is the contact's, newer
 * than the last one the list showed, and still unread (a read in another tab and a new message in the same burst of
 * events would cancel out in the unread count).
 */
import type { InboxEntry } from '../../lib/api/inbox.ts';
import { $alertSettings } from '../../stores/staffAlerts.ts';
import type { Inbox } from './inbox.ts';

export interface AlertsOptions {
  inbox: Inbox;
  /** The staff member's uid. */
  me: string;
  lang: string;
  /** The notification's title for a contact's name. */
  title: (name: string) => string;
  /** Opens the conversation in the workspace. */
  open: (chatBoxId: string) => void;
}

const inBackground = () => document.visibilityState === 'hidden' || !document.hasFocus();

/** Whether a row's last message is a new one to be alerted of (`before`: the last message id the list showed). */
export function wantsAlert(entry: InboxEntry, before: number | undefined, me: string, muted: readonly string[]): boolean {
  return (
    before !== undefined &&
    entry.lastMessage !== null &&
    entry.lastMessage.id > before &&
    entry.lastMessage.sender.kind === 'contact' &&
    entry.unread > 0 &&
    (entry.assignee === null || entry.assignee.uid === me) &&
    !muted.includes(entry.id)
  );
}

/** The tab's icon with the count on it (the icon is Shell.astro's SVG): none for 0. */
export function badgedIcon(icon: string, count: number): string {
  const [head, svg] = [icon.slice(0, icon.indexOf(',') + 1), decodeURIComponent(icon.slice(icon.indexOf(',') + 1))];
  if (count === 0 || !svg.endsWith('</svg>')) return icon;
  const label = count > 99 ? '99+' : String(count);
  const badge = `<circle cx="17" cy="7" r="7" fill="#c5221f"/><text x="17" y="10" font-size="${label.length > 1 ? 7 : 9}" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${label}</text>`;
  return head + encodeURIComponent(svg.replace(/<\/svg>$/, `${badge}</svg>`));
}

export function startAlerts({ inbox, me, lang, title, open }: AlertsOptions): () => void {
  let before: Map<string, number> | undefined;
  const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  const icon = link?.getAttribute('href') ?? '';
  let audio: AudioContext | undefined;
  // Browsers let a page make sound only after someone used it: the first key or click prepares it.
  const wake = () => {
    audio ??= new AudioContext();
    void audio.resume();
  };
  addEventListener('pointerdown', wake);
  addEventListener('keydown', wake);

  function notify(entry: InboxEntry) {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const options = { body: entry.lastMessage!.text.slice(0, 200), tag: entry.id, renotify: true, lang, dir: 'auto' as const };
    const shown = new Notification(title(entry.contact.name || entry.contact.email), options);
    shown.onclick = () => {
      window.focus();
      open(entry.id);
      shown.close();
    };
  }

  function chime() {
    if (!audio || audio.state !== 'running' || !$alertSettings.get()?.sound) return;
    const now = audio.currentTime;
    for (const [at, pitch] of [
      [0, 880],
      [0.14, 660],
    ] as const) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.12, now + at);
      volume.gain.exponentialRampToValueAtTime(0.001, now + at + 0.12);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.13);
    }
  }

  const stop = inbox.$inbox.subscribe(({ shown }) => {
    if (!shown) return;
    if (link) link.href = badgedIcon(icon, shown.unread);
    const muted = $alertSettings.get()?.muted ?? [];
    // A conversation new to the list had no message before; nothing is new on the first list.
    const previous = (entry: InboxEntry) => before && (before.get(entry.id) ?? 0);
    const fresh = inBackground() ? shown.latest.filter((entry) => wantsAlert(entry, previous(entry), me, muted)) : [];
    before = new Map(shown.latest.map((entry) => [entry.id, entry.lastMessage?.id ?? 0]));
    fresh.forEach(notify);
    if (fresh.length) chime();
  });

  return () => {
    stop();
    removeEventListener('pointerdown', wake);
    removeEventListener('keydown', wake);
    void audio?.close();
    if (link) link.href = icon;
  };
}
