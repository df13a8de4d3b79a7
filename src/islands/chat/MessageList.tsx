/**
 * The messages (role="log", not itself live: the conversation announces only the other side's messages), by day
 * and by sender, with the "new messages" divider, delivery states, staff's internal notes marked as such in words
 * and colour, and older pages loaded on scrolling up without the view jumping.
 */
import { Fragment, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Participant, StaffActivity } from '../../lib/api/chat.ts';
import { groupByDayAndSender } from '../../lib/chat/grouping.ts';
import type { TimelineEntry } from '../../lib/chat/timeline.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import Avatar from './Avatar.tsx';
import { dayLabel, timeLabel } from './dayLabel.ts';
import MessageText from './MessageText.tsx';

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
  /** Staff only: what staff did, as lines between the messages. */
  activity?: StaffActivity[] | undefined;
  activityText?: ((line: StaffActivity) => string) | undefined;
  firstUnreadId: number | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  sender: (participant: Participant, mine: boolean) => SenderInfo;
  errorText: (code: string) => string;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  /** Called with whether the newest messages are in view. */
  onBottom: (atBottom: boolean) => void;
}

const nearTopPx = 120;
const nearBottomPx = 48;

export default function MessageList(props: Props) {
  const { lang, t, entries, firstUnreadId, hasOlder, loadingOlder, sender } = props;
  const log = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | undefined>(undefined);
  const atBottom = useRef(true);
  const first = useRef<string | undefined>(undefined);

  const lastMine = entries.findLast((entry) => entry.mine && entry.id !== undefined);
  const lastReadMine = entries.findLast((entry) => entry.mine && entry.delivery === 'read');

  function loadOlder() {
    const element = log.current;
    if (!element || !hasOlder || loadingOlder) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    props.loadOlder();
  }

  function onScroll() {
    const element = log.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
    props.onBottom(atBottom.current);
    if (element.scrollTop < nearTopPx) loadOlder();
  }

  // The log grows and shrinks with the screen (a phone's keyboard opening, the composer growing a line): a reader at
  // the end stays at the end.
  useEffect(() => {
    const element = log.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
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
      const divider = element.querySelector<HTMLElement>('.chat-divider');
      if (divider) element.scrollTop = divider.offsetTop - element.offsetTop - 16;
      else element.scrollTop = element.scrollHeight;
    } else if (anchor.current && firstKey !== first.current) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = undefined;
    } else if (atBottom.current || entries.at(-1)?.delivery === 'sending') {
      element.scrollTop = element.scrollHeight;
    }
    first.current = firstKey;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
    props.onBottom(atBottom.current);
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
                      <div key={entry.key} className={entry.internal ? 'chat-message chat-note' : 'chat-message'}>
                        {entry.internal && <p className="chat-note-label">{t('staffTools.internalNote')}</p>}
                        <p className="chat-text" dir="auto">
                          <MessageText text={entry.text} />
                        </p>
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
    </div>
  );
}
