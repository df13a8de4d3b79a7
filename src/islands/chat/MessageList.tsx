/**
 * The messages (role="log", not itself live: the conversation announces only the other side's messages), by day
 * and by sender, with the "new messages" divider, delivery states, staff's internal notes marked as such in words
 * and colour, and older pages loaded on scrolling up without the view jumping.
 */
import { Fragment, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Participant, HistoryLine } from '../../lib/api/chat.ts';
import type { FileVariant } from '../../lib/api/files.ts';
import { groupByDayAndSender } from '../../lib/chat/grouping.ts';
import type { TimelineEntry } from '../../lib/chat/timeline.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import Avatar from './Avatar.tsx';
import { dayLabel, timeLabel } from './dayLabel.ts';
import MessageText from './MessageText.tsx';
import { useLazyModule } from '../useLazyModule.ts';
import { awayText } from './officeHoursText.ts';

export interface SenderInfo {
  name: string;
  avatarUrl: string | null | undefined;
  /** Whose initials the avatar shows when it is not `name` (one's own messages say "You", the avatar says "AE"). */
  avatarName?: string | undefined;
}

interface Props {
  lang: Lang;
  t: Translate;
  entries: TimelineEntry[];
  /** The history as lines between the messages: for staff what staff did; for both the automatic away answers. */
  activity?: HistoryLine[] | undefined;
  activityText?: ((line: HistoryLine) => string) | undefined;
  firstUnreadId: number | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  sender: (participant: Participant, mine: boolean) => SenderInfo;
  errorText: (code: string) => string;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  /** This reader's read cursor: the other side's messages after it are unread. */
  readUpTo: number;
  /** Called with the newest of the other side's messages that has been on screen, whole (or filling the log). */
  onSeen: (messageId: number) => void;
  /** After the last message, in the log (a contact waiting for a first answer is told one will come). */
  footer?: ReactNode;
  /** A file's address, once the page may read files. */
  fileUrl: (fileId: string, variant: FileVariant) => string | undefined;
  /** Bytes sent of each waiting file, by its outbox key. */
  uploads: Record<string, number>;
  openPicture: (fileId: string) => void;
}

const nearTopPx = 120;
const nearBottomPx = 48;
/** Seen: this much of a message on screen, or of the log filled by one taller than it. */
const seenRatio = 0.9;

export default function MessageList(props: Props) {
  const { lang, t, entries, firstUnreadId, hasOlder, loadingOlder, sender, readUpTo } = props;
  const log = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | undefined>(undefined);
  const atBottom = useRef(true);
  const first = useRef<string | undefined>(undefined);

  // Loaded with the first message that has files: most conversations have none.
  const fileParts = useLazyModule(
    entries.some((entry) => entry.files.length || entry.waitingFiles.length),
    () => import('./MessageFiles.tsx'),
  );
  const lastMine = entries.findLast((entry) => entry.mine && entry.id !== undefined);
  const lastReadMine = entries.findLast((entry) => entry.mine && entry.delivery === 'read');

  function loadOlder() {
    const element = log.current;
    if (!element || !hasOlder || loadingOlder) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    props.loadOlder();
  }

  /** The log's height when the ResizeObserver below last saw it. */
  const laidOutHeight = useRef<number | undefined>(undefined);
  function onScroll() {
    const element = log.current;
    if (!element) return;
    // A scroll that arrives after the log changed height and before the ResizeObserver below has kept the end in
    // view (a phone's keyboard opening fires one; a scroll set before the change can land after it) says nothing
    // about where the reader wants to be: measured against the new height, the end would seem left.
    if (element.clientHeight === laidOutHeight.current) {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
    }
    if (element.scrollTop < nearTopPx) loadOlder();
    measureSeen();
  }

  // Read is what was on screen: the other side's messages count as seen once the log, itself on screen, shows them.
  // Measured, not observed per message, on every change that can show one (a scroll, a resize, new messages, the log
  // appearing): observers' reports would be a frame old when the log jumps to its unread part, and a message taller
  // than the log would cross none of their thresholds while it fills it.
  const seen = useRef(0);
  // The observers below outlive renders: they read the cursor and the callback through these.
  const cursor = useRef(readUpTo);
  cursor.current = readUpTo;
  const onSeen = useRef(props.onSeen);
  onSeen.current = props.onSeen;
  /** Whether the log is on screen (the widget's closed panel hides it); unknown until its observer first says. */
  const shown = useRef<boolean | undefined>(undefined);

  function measureSeen() {
    const element = log.current;
    if (!element || !shown.current || !element.clientHeight) return;
    const view = element.getBoundingClientRect();
    let newest = seen.current;
    for (const message of element.querySelectorAll<HTMLElement>('[data-message-id]')) {
      const id = Number(message.dataset['messageId']);
      if (id <= newest) continue;
      const box = message.getBoundingClientRect();
      const visible = Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top);
      if (visible > 0 && (visible >= box.height * seenRatio || visible >= view.height * seenRatio)) newest = id;
    }
    if (newest > seen.current) onSeen.current((seen.current = newest));
  }

  /** Where the reader's unread part begins: the divider or the run's name above the first unread message. */
  function firstUnread(element: HTMLElement): HTMLElement | undefined {
    const after = Math.max(cursor.current, seen.current);
    const message = [...element.querySelectorAll<HTMLElement>('[data-message-id]')].find(
      (each) => Number(each.dataset['messageId']) > after,
    );
    const run = message?.closest<HTMLElement>('.chat-run') ?? undefined;
    const top = run && run.querySelector('.chat-message') === message ? run : message;
    return top?.previousElementSibling?.classList.contains('chat-divider') ? (top.previousElementSibling as HTMLElement) : top;
  }
  function scrollTo(element: HTMLElement, target: HTMLElement | undefined) {
    element.scrollTop = target
      ? target.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop - 8
      : element.scrollHeight;
  }

  // The log grows and shrinks with the screen (a phone's keyboard opening, the composer growing a line): a reader at
  // the end stays at the end.
  useEffect(() => {
    const element = log.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      laidOutHeight.current = element.clientHeight;
      if (atBottom.current && shown.current) element.scrollTop = element.scrollHeight;
      measureSeen();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Shown again after being hidden (the widget's panel opened; its frame is not laid out while closed, so the log
  // lost its place): to the first unread message, whole, rather than to the end; then what shows is seen.
  useEffect(() => {
    const element = log.current;
    if (!element) return;
    const observer = new IntersectionObserver(([change]) => {
      const now = !!change?.isIntersecting;
      if (shown.current === false && now) scrollTo(element, firstUnread(element));
      shown.current = now;
      if (now) {
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
        measureSeen();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Older messages above: keep what was on screen where it was. New ones below: follow if the reader was at the end.
  useLayoutEffect(() => {
    const element = log.current;
    if (!element || !entries.length) return;
    const firstKey = entries[0]!.key;
    if (first.current === undefined) {
      scrollTo(element, element.querySelector<HTMLElement>('.chat-divider') ?? undefined);
    } else if (anchor.current && firstKey !== first.current) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = undefined;
    } else if (atBottom.current || entries.at(-1)?.delivery === 'sending') {
      element.scrollTop = element.scrollHeight;
    }
    first.current = firstKey;
    // A hidden log measures nothing (all sizes 0): where the reader was stays as it was.
    if (element.clientHeight) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
    measureSeen();
  });

  function status(entry: TimelineEntry): ReactNode {
    if (entry.delivery === 'sending') return <span className="chat-delivery">{t('chat.sending')}</span>;
    if (entry.delivery === 'failed') {
      return (
        <span className="chat-delivery chat-failed">
          {t('chat.notSent')} {entry.failed && <span>{props.errorText(entry.failed)}</span>}{' '}
          <button type="button" className="link-button" onClick={() => props.retry(entry.clientId)}>
            {t('chat.retry')}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => props.discard(entry.clientId)}>
            {t('chat.discard')}
          </button>
        </span>
      );
    }
    if (entry === lastReadMine) return <span className="chat-delivery">{t('chat.read')}</span>;
    if (entry === lastMine) return <span className="chat-delivery">{t('chat.sent')}</span>;
    return null;
  }

  return (
    <div ref={log} className="chat-log" role="log" aria-live="off" aria-label={t('chat.log')} tabIndex={0} onScroll={onScroll}>
      {hasOlder && (
        <p className="chat-older">
          <button type="button" className="link-button" onClick={loadOlder} disabled={loadingOlder}>
            {t(loadingOlder ? 'chat.loadingOlder' : 'chat.loadOlder')}
          </button>
        </p>
      )}
      {!entries.length && <p className="muted chat-empty">{t('chat.empty')}</p>}
      {groupByDayAndSender(entries, props.activity, firstUnreadId).map((day) => (
        <section key={day.day} className="chat-day">
          <h2 className="chat-day-label">{dayLabel(lang, day.day)}</h2>
          {day.runs.map((run) => {
            if (run.kind === 'activity' && run.activity.type === 'away') {
              return (
                <div key={run.key} className="chat-message chat-away">
                  <p className="chat-away-label">{t('chat.away.label')}</p>
                  <p className="chat-text">{awayText(run.activity.opensAt, lang, t)}</p>
                  <p className="chat-meta">
                    <time dateTime={run.activity.at}>{timeLabel(lang, run.activity.at)}</time>
                  </p>
                </div>
              );
            }
            if (run.kind === 'activity') {
              return (
                <p key={run.key} className="chat-activity">
                  <span>{props.activityText?.(run.activity)}</span>{' '}
                  <time dateTime={run.activity.at}>{timeLabel(lang, run.activity.at)}</time>
                </p>
              );
            }
            const head = run.entries[0]!;
            const who = sender(head.sender, head.mine);
            return (
              <Fragment key={run.key}>
                {run.firstUnread && (
                  <p className="chat-divider">
                    <span>{t('chat.newMessages')}</span>
                  </p>
                )}
                <div className={`chat-run ${head.mine ? 'chat-mine' : 'chat-theirs'}`}>
                  <Avatar name={who.avatarName ?? who.name} url={who.avatarUrl} />
                  <div className="chat-run-body">
                    <p className="chat-sender">
                      <bdi>{who.name}</bdi>
                    </p>
                    {run.entries.map((entry) => (
                      <div
                        key={entry.key}
                        className={entry.internal ? 'chat-message chat-note' : 'chat-message'}
                        data-message-id={!entry.mine ? entry.id : undefined}
                      >
                        {entry.internal && <p className="chat-note-label">{t('staffTools.internalNote')}</p>}
                        {entry.text && (
                          <p className="chat-text" dir="auto">
                            <MessageText text={entry.text} />
                          </p>
                        )}
                        {entry.files.length > 0 && fileParts && (
                          <fileParts.MessageFiles lang={lang} files={entry.files} fileUrl={props.fileUrl} openPicture={props.openPicture} />
                        )}
                        {entry.waitingFiles.length > 0 && fileParts && (
                          <fileParts.WaitingFiles lang={lang} t={t} files={entry.waitingFiles} uploads={props.uploads} />
                        )}
                        <p className="chat-meta">
                          <time dateTime={entry.createdAt}>{timeLabel(lang, entry.createdAt)}</time> {status(entry)}
                        </p>
                      </div>
                    ))}
                  </div>
                </div>
              </Fragment>
            );
          })}
        </section>
      ))}
      {props.footer}
    </div>
  );
}
