/**
 * The workspace's three panes: the conversation list, the open conversation and the contact's details. They stay
 * while conversations change: the address says which is open and which filters the list has
 * (flows/staff/workspaceRoute.ts), so Back, Forward and a reload show the same view. Wide screens show all three;
 * tablets the list and the conversation, the details on demand; phones one pane at a time, with a way back to the
 * list (styles/areas/workspace.css). The tab's title names the open conversation's contact and counts unread.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { startAlerts } from '../../flows/staff/alerts.ts';
import { offerNotifications } from '../../flows/staff/notificationPermission.ts';
import { createInbox } from '../../flows/staff/inbox.ts';
import type { StaffChatIdentity } from '../../flows/staff/staffChat.ts';
import { createWorkspaceRoute } from '../../flows/staff/workspaceRoute.ts';
import { loadAlertSettings } from '../../stores/staffAlerts.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Messages } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { workspaceTitle } from '../../lib/inbox/title.ts';
import { nextOpen } from '../../lib/inbox/nextOpen.ts';
import { workspaceAction, type WorkspaceAction } from '../../lib/staff/shortcuts.ts';
import Inbox from '../chat/Inbox.tsx';
import Conversation from '../Conversation.tsx';
import ShortcutsDialog, { type ShortcutsDialogHandle } from './ShortcutsDialog.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  messages: Messages;
  staff: StaffChatIdentity;
  mailEnabled: boolean;
}

export default function WorkspaceScreen({ lang, t, messages, staff, mailEnabled }: Props) {
  const id = useId();
  const route = useMemo(() => createWorkspaceRoute(lang), [lang]);
  const { chatBoxId, filters } = useStore(route.$route);
  const inbox = useMemo(() => createInbox(staff.getToken, route.$route.get().filters), [staff.getToken, route]);
  const { shown } = useStore(inbox.$inbox);
  const [detailsPane, setDetailsPane] = useState<HTMLElement | null>(null);
  const [detailsShown, setDetailsShown] = useState(false);
  const [contactName, setContactName] = useState<string | undefined>();
  /** Why a shortcut did nothing, for a screen reader (a sighted agent sees there is no conversation to act on). */
  // Why a shortcut did nothing; `said` counts, so the same reason twice changes the region's text and is heard twice.
  const [shortcutNotice, setShortcutNotice] = useState({ text: '', said: 0 });
  const heading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const openDetails = useRef<HTMLButtonElement>(null);
  const closeDetails = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  // Back and Forward bring their filters with them.
  useEffect(() => inbox.setFilters(filters), [inbox, filters]);

  const listed = shown?.entries.find((entry) => entry.id === chatBoxId)?.contact;
  // The conversation's own record names the contact; the list's entry also knows the e-mail of one without a name.
  const subject = chatBoxId ? contactName || (listed && (listed.name || listed.email)) || undefined : undefined;
  useEffect(() => {
    document.title = workspaceTitle(subject ?? t(chatBoxId ? 'session.title' : 'inbox.title'), t('site.name'), shown?.unread ?? 0);
  }, [subject, chatBoxId, shown?.unread, t]);

  // A conversation opened from the list: focus goes to its heading, so a screen reader says where it now is; back
  // to the list alone (phones), to the list's.
  useEffect(() => {
    setContactName(undefined);
    setDetailsShown(false);
    // The list's heading is at its top: focused without scrolling there, the list stays where the staff member left it.
    if (moved.current) (chatBoxId ? heading : listHeading).current?.focus({ preventScroll: true });
  }, [chatBoxId]);

  /** Shown or hidden by a button: focus goes into the details, and back to the button that opened them. */
  const detailsByButton = useRef(false);
  function showDetails(shown: boolean) {
    detailsByButton.current = true;
    setDetailsShown(shown);
  }
  useEffect(() => {
    if (!detailsByButton.current) return;
    detailsByButton.current = false;
    (detailsShown ? closeDetails : openDetails).current?.focus();
  }, [detailsShown]);

  const open = useCallback(
    (next: string | undefined) => {
      moved.current = true;
      route.open(next);
    },
    [route],
  );

  // New messages while the tab is in the background: a notification, a sound, the icon's badge.
  useEffect(() => {
    loadAlertSettings(() => inbox.api.alerts()).catch(() => {});
    const stopAlerts = startAlerts({ inbox, me: staff.participant.id, lang, title: (name) => t('alerts.title', { name }), open });
    const stopOffer = offerNotifications();
    return () => {
      stopAlerts();
      stopOffer();
    };
  }, [inbox]);

  const list = useRef<HTMLElement>(null);
  const conversation = useRef<HTMLElement>(null);
  // How far the list is scrolled. A phone hides the list while a conversation is open, which loses it, and a reload
  // starts again at the top: it goes back when the list shows again, and once the first rows are there after a reload.
  const listScroll = useRef(route.savedListScroll());
  const scrollRestored = useRef(false);
  useLayoutEffect(() => {
    const pane = list.current;
    if (scrollRestored.current && pane && pane.getClientRects().length > 0 && pane.scrollTop !== listScroll.current)
      pane.scrollTop = listScroll.current;
  }, [chatBoxId]);
  const rows = shown?.entries.length ?? 0;
  useLayoutEffect(() => {
    if (scrollRestored.current || rows === 0 || !list.current) return;
    scrollRestored.current = true;
    list.current.scrollTop = listScroll.current;
  }, [rows]);
  useEffect(() => {
    const keep = () => route.saveListScroll(listScroll.current);
    addEventListener('pagehide', keep);
    return () => removeEventListener('pagehide', keep);
  }, [route]);
  const shortcuts = useRef<ShortcutsDialogHandle>(null);
  const entries = shown?.entries;

  /** Moves the focus along the list's rows, from the focused one, else the open one. */
  function moveInList(step: 1 | -1) {
    const rows = [...(list.current?.querySelectorAll<HTMLAnchorElement>('.inbox-entry a') ?? [])];
    if (!rows.length) return;
    const focused = rows.indexOf(document.activeElement as HTMLAnchorElement);
    const at = focused >= 0 ? focused : rows.findIndex((row) => row.getAttribute('aria-current') === 'page');
    rows[at < 0 ? (step > 0 ? 0 : rows.length - 1) : Math.min(Math.max(at + step, 0), rows.length - 1)]!.focus();
  }

  /** Ticks or unticks the focused row for a bulk action, else the open conversation's. */
  function selectInList() {
    const focused = document.activeElement?.closest('.inbox-entry');
    const row =
      focused && list.current?.contains(focused) ? focused : list.current?.querySelector('.inbox-entry:has(a[aria-current="page"])');
    row?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
  }

  /** What a shortcut does: the open conversation's own controls do the work (marked `data-shortcut`); one that
   * asks for a choice (snooze until when) gets the focus. */
  function run(action: WorkspaceAction) {
    setShortcutNotice(({ said }) => ({ text: '', said }));
    if (action === 'help') return shortcuts.current?.open();
    if (action === 'next' || action === 'previous') return moveInList(action === 'next' ? 1 : -1);
    if (action === 'select') return selectInList();
    const control = conversation.current?.querySelector<HTMLElement>(`[data-shortcut="${action}"]:not(:disabled)`);
    if (!control) {
      const why = !chatBoxId ? 'shortcuts.openFirst' : action === 'snooze' ? 'shortcuts.snoozeOpenOnly' : undefined;
      if (why) setShortcutNotice(({ said }) => ({ text: t(why), said: said + 1 }));
      return;
    }
    if (action === 'snooze') return control.focus();
    control.click();
    if (action === 'reply' || action === 'note') conversation.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }
  const runLatest = useRef(run);
  runLatest.current = run;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog open (inviting, these shortcuts) has the keyboard to itself.
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = workspaceAction(event);
      if (!action) return;
      event.preventDefault();
      runLatest.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  /** Resolved here: on to the next open conversation of the list as it is filtered, as support tools do. */
  const onStatus = useCallback(
    (status: string) => {
      if (status !== 'resolved' || !chatBoxId || !entries) return;
      void inbox.refresh().then((now) => {
        const next = now && nextOpen(entries, now.entries, chatBoxId);
        // Still on the one just resolved (nobody moved on meanwhile): on to the next.
        if (next && route.$route.get().chatBoxId === chatBoxId) open(next);
      });
    },
    [chatBoxId, entries, inbox, open, route],
  );

  return (
    <div className="workspace" data-open={chatBoxId ? 'conversation' : 'list'} data-details={detailsShown ? 'shown' : undefined}>
      {/* The page's heading for every pane layout (on a phone, the list's own is hidden with it). */}
      <h1 className="sr-only">{t('workspace.nav')}</h1>
      <p className="sr-only" role="status">
        {shortcutNotice.text && `${shortcutNotice.text}${shortcutNotice.said % 2 ? '\u00a0' : ''}`}
      </p>
      <section
        className="workspace-list"
        aria-labelledby={`${id}-list`}
        ref={list}
        onScroll={({ currentTarget: pane }) => {
          // Hidden, the list scrolls back to the top by itself: that is not the staff member's doing.
          if (pane.getClientRects().length > 0) listScroll.current = pane.scrollTop;
        }}
      >
        <div className="workspace-list-head">
          <h2 id={`${id}-list`} className="workspace-pane-title" tabIndex={-1} ref={listHeading}>
            {t('inbox.title')}
          </h2>
          <ShortcutsDialog t={t} ref={shortcuts} />
        </div>
        <Inbox
          lang={lang}
          t={t}
          inbox={inbox}
          me={staff.participant.id}
          mailEnabled={mailEnabled}
          current={chatBoxId}
          onOpen={open}
          onFilters={route.filter}
        />
      </section>
      <section className="workspace-conversation" aria-labelledby={`${id}-conversation`} data-chat-box={chatBoxId} ref={conversation}>
        {chatBoxId ? (
          <>
            <div className="workspace-bar">
              <a
                className="workspace-back"
                href={`/${lang}/chat`}
                onClick={(event) => {
                  event.preventDefault();
                  open(undefined);
                }}
              >
                {t('workspace.back')}
              </a>
              <h2 id={`${id}-conversation`} className="workspace-pane-title" tabIndex={-1} ref={heading} dir="auto">
                {subject ?? t('session.title')}
              </h2>
              <button
                type="button"
                className="button secondary workspace-details-toggle"
                aria-expanded={detailsShown}
                aria-controls={`${id}-details`}
                ref={openDetails}
                onClick={() => showDetails(!detailsShown)}
              >
                {t('workspace.showDetails')}
              </button>
            </div>
            <Conversation
              key={chatBoxId}
              lang={lang}
              t={t}
              messages={messages}
              chatBoxId={chatBoxId}
              me={staff.participant}
              getToken={staff.getToken}
              detailsPane={detailsPane}
              onContact={setContactName}
              onStatus={onStatus}
            />
          </>
        ) : (
          <>
            <h2 id={`${id}-conversation`} className="sr-only">
              {t('session.title')}
            </h2>
            <p className="muted workspace-none">{t('workspace.noneOpen')}</p>
          </>
        )}
      </section>
      {/* On tablets the details open over the conversation's end: their own button (and Escape) closes them. */}
      <div
        id={`${id}-details`}
        className="workspace-details"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && detailsShown) showDetails(false);
        }}
      >
        {chatBoxId && (
          <button type="button" className="button secondary workspace-details-close" ref={closeDetails} onClick={() => showDetails(false)}>
            {t('workspace.hideDetails')}
          </button>
        )}
        <div ref={setDetailsPane} />
      </div>
    </div>
  );
}
