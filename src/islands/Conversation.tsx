/**
 * One conversation (full page or the compact widget): the messages, who is typing, the composer, and a notice
 * while the stream is down; for staff also status, assignment, internal notes and the contact's details (loaded
 * only for them). It reads the conversation store and calls lib/chat; the bearer token comes from the page (a
 * contact's session token or a staff member's id token).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ChatStatus, Participant } from '../lib/api/chat.ts';
import { attachmentLimits, signedOutCodes } from '../lib/api/constants.ts';
import type { FileVariant, MessageFile } from '../lib/api/files.ts';
import type { StagedFile } from '../flows/chat/conversationFiles.ts';
import { ApiRequestError } from '../lib/http/client.ts';
import type { TokenGetter } from '../lib/chat/chatApi.ts';
import { startLiveConversation, type LiveConversation } from '../flows/chat/liveConversation.ts';
import { sameParticipant } from '../lib/chat/timeline.ts';
import { apiErrorKey } from '../lib/i18n/apiErrorKey.ts';
import { nameList } from '../lib/i18n/nameList.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import type { Translate } from '../lib/i18n/translate.ts';
import { createConversation } from '../stores/conversation.ts';
import { $organizationUsers } from '../stores/organizationUsers.ts';
import { $attachmentMaxBytes } from '../stores/attachmentLimit.ts';
import Composer from './chat/Composer.tsx';
import MessageList, { type SenderInfo } from './chat/MessageList.tsx';
import TeamLine from './chat/TeamLine.tsx';
import { awayText } from './chat/officeHoursText.ts';
import SignInEnded from './staff/SignInEnded.tsx';
import { useLazyModule } from './useLazyModule.ts';

interface Props {
  lang: Lang;
  t: Translate;
  messages: Messages;
  chatBoxId: string;
  me: Participant;
  getToken: TokenGetter;
  /** The stream or the list refused for good (the server's code): the page decides what to show instead. */
  onStopped?: (code: string) => void;
  /** Staff, in the workspace: the pane the contact's details go to (beside the conversation, not above it). */
  detailsPane?: HTMLElement | null | undefined;
  /** The contact's name, once known (empty when they gave none): the workspace's title says it. */
  onContact?: (name: string) => void;
  /** Staff changed the status here (the workspace then moves on to the next open conversation). */
  onStatus?: (status: ChatStatus) => void;
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export default function Conversation(props: Props) {
  const { lang, t, messages, chatBoxId, me, getToken, onStopped, detailsPane, onContact, onStatus } = props;
  const conversation = useMemo(() => createConversation(me), [chatBoxId, me.kind, me.id]);
  const live = useRef<LiveConversation | undefined>(undefined);
  const state = useStore(conversation.$conversation);
  const timeline = useStore(conversation.$timeline);
  const typing = useStore(conversation.$typingNow);
  const unreadUpTo = useStore(conversation.$unreadUpTo);
  const staff = useStore($organizationUsers);
  const maxBytes = useStore($attachmentMaxBytes);
  const myCursor = useStore(conversation.$myCursor);
  const [seenUpTo, setSeenUpTo] = useState(0);
  const [visible, setVisible] = useState(pageVisible);
  const [announcement, setAnnouncement] = useState('');
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const [stageError, setStageError] = useState<string | undefined>();
  const [picture, setPicture] = useState<string | undefined>();
  const [dropping, setDropping] = useState(false);
  const PictureViewer = useLazyModule(!!picture, () => import('./chat/PictureViewer.tsx'))?.default;
  const announcedUpTo = useRef<number | undefined>(undefined);
  const tokenGetter = useRef(getToken);
  tokenGetter.current = getToken;
  const currentToken = useCallback(() => tokenGetter.current(), []);
  const isStaff = me.kind === 'staff';
  // Staff only: contacts never download the staff tools.
  const staffTools = useLazyModule(isStaff, () => import('./chat/StaffTools.tsx'));
  // Contacts, once staff resolved the conversation and asked how it was.
  const ratingAsked = !isStaff && state.status === 'resolved' && state.rating ? state.rating : undefined;
  const RatingPrompt = useLazyModule(!!ratingAsked, () => import('./chat/RatingPrompt.tsx'))?.default;
  // Asked while the contact is here: said, as a new message would be (the log itself is not a live region).
  const asking = ratingAsked?.score === null;
  useEffect(() => {
    if (asking && state.loaded) setAnnouncement(t('rating.question'));
  }, [asking]);

  useEffect(() => {
    const started = startLiveConversation({ chatBoxId, conversation, getToken: () => tokenGetter.current() });
    live.current = started;
    return () => started.close();
  }, [conversation, chatBoxId]);

  useEffect(() => {
    const onVisibility = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Something written is not on the server yet (held back by the send limit, or the connection): the browser asks
  // before the page goes. The outbox keeps it for the next visit, but a contact may never come back. Listening only
  // then keeps the page fit for the back-forward cache.
  // A failed item waits for Retry or Discard, and a conversation that stopped (an ended session) offers neither: they
  // would make every navigation ask, with no way to answer it.
  const unsent = !state.stoppedBy && state.pending.some((item) => !item.failed);
  useEffect(() => {
    if (!unsent) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Safari asks only with a return value set.
      event.returnValue = '';
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [unsent]);

  useEffect(() => {
    if (state.stoppedBy) onStopped?.(state.stoppedBy);
  }, [state.stoppedBy, onStopped]);

  const contact = state.chatBox?.contact;
  useEffect(() => {
    if (contact) onContact?.(contact.name);
  }, [contact?.name, onContact]);

  // Read: what of the other side's messages has been on screen, with the tab in front.
  useEffect(() => {
    if (unreadUpTo !== undefined && seenUpTo > myCursor && visible) void live.current?.markRead(seenUpTo);
  }, [unreadUpTo, seenUpTo, myCursor, visible]);
  /** The other side's messages past this reader's cursor: the widget's badge (embed/frame.ts reads it). */
  const unreadCount = state.messages.filter((message) => message.id > myCursor && !sameParticipant(message.sender, me)).length;

  function sender(participant: Participant, mine: boolean): SenderInfo {
    const other =
      participant.kind === 'contact'
        ? { name: state.chatBox?.contact.name || t('chat.contact'), avatarUrl: undefined }
        : staffSender(participant.id);
    // One's own messages are "You", with one's own picture or initials.
    return mine ? { name: t('chat.you'), avatarUrl: other.avatarUrl, avatarName: other.name } : other;
  }

  function staffSender(uid: string): SenderInfo {
    const user = staff[uid];
    return { name: user?.name || t('chat.staffMember'), avatarUrl: user?.avatarUrl };
  }

  // Announce new messages from the other side (never one's own, never older pages or the first load).
  useEffect(() => {
    if (!state.loaded) return;
    const newest = state.messages.at(-1)?.id ?? 0;
    if (announcedUpTo.current === undefined) {
      announcedUpTo.current = newest;
      return;
    }
    const fresh = state.messages.filter((message) => message.id > announcedUpTo.current! && !sameParticipant(message.sender, me));
    announcedUpTo.current = Math.max(announcedUpTo.current, newest);
    if (fresh.length) {
      setAnnouncement(
        fresh
          .map((message) =>
            t(message.internal ? 'staffTools.announceNote' : 'chat.announce', {
              name: sender(message.sender, false).name,
              text: [message.text, message.files?.length && filesSaid(message.files)].filter(Boolean).join(' '),
            }),
          )
          .join('\n'),
      );
    }
  }, [state.messages, state.loaded]);

  // Announce an automatic away answer as it comes (the contact's own message before it is not announced).
  const lastAway = state.activity.findLast((line) => line.type === 'away');
  const awayAnnounced = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!state.loaded) return;
    const seq = lastAway?.seq ?? 0;
    if (lastAway?.type === 'away' && awayAnnounced.current !== undefined && seq > awayAnnounced.current) {
      setAnnouncement(t('chat.announce', { name: t('chat.away.label'), text: awayText(lastAway.opensAt, lang, t) }));
    }
    awayAnnounced.current = seq;
  }, [lastAway?.seq, state.loaded]);

  const errorText = (code: string) => t(apiErrorKey(code, messages));
  /** A message's files as a screen reader hears them: how many, and their captions or names. */
  const filesSaid = (files: readonly MessageFile[]) =>
    t('chat.files.announce', {
      count: files.length,
      names: nameList(
        lang,
        files.map((file) => file.caption || file.name),
      ),
    });
  const fileUrl = (fileId: string, variant: FileVariant) => (state.fileAccess ? live.current?.fileUrl(fileId, variant) : undefined);
  const pictures = state.messages.flatMap((message) => message.files?.filter((file) => file.width) ?? []);
  /** Files chosen, pasted or dropped join the next message, at most 10 (more are refused, said in the composer). */
  function addFiles(files: readonly File[]) {
    const room = attachmentLimits.filesPerMessage - staged.length;
    const fitting = files.filter((file) => file.size <= maxBytes);
    const refused = fitting.length < files.length ? 'file_too_large' : fitting.length > room ? 'too_many_files' : undefined;
    setStageError(refused && errorText(refused));
    setStaged([...staged, ...fitting.slice(0, Math.max(room, 0)).map((file) => ({ file, caption: '' }))]);
  }
  const lastFailed = timeline.findLast((entry) => entry.delivery === 'failed');
  const typingNames = typing.map((participant) => sender(participant, false).name);

  if (state.stoppedBy && isStaff && signedOutCodes.includes(state.stoppedBy)) return <SignInEnded lang={lang} t={t} />;
  if (state.stoppedBy) {
    const noAccess = ['out_of_scope', 'not_found', 'forbidden'].includes(state.stoppedBy);
    return (
      <p className="notice" role="alert">
        {t(noAccess ? 'session.noAccess' : 'session.ended')}
      </p>
    );
  }

  // Until staff first answer, the contact is told someone will (an empty room says nothing otherwise): an answer on
  // screen, or one the server knows of beyond the pages loaded.
  const answered = state.team?.answered || state.messages.some((message) => message.sender.kind === 'staff' && !message.internal);
  const chat = (
    <div
      className={dropping ? 'chat chat-dropping' : 'chat'}
      data-unread={state.loaded ? unreadCount : undefined}
      data-drop-hint={t('chat.files.dropHere')}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.files.length) return;
        event.preventDefault();
        setDropping(false);
        addFiles([...event.dataTransfer.files]);
      }}
    >
      {!isStaff && <TeamLine lang={lang} t={t} team={state.team?.team} hours={state.team?.hours} />}
      {staffTools && state.loaded && (
        <staffTools.StaffToolbar
          lang={lang}
          t={t}
          messages={messages}
          getToken={currentToken}
          uid={me.id}
          status={state.status}
          assignee={state.assignee}
          setStatus={async (status) => {
            await live.current?.setStatus(status);
            onStatus?.(status);
          }}
          assign={(email) => live.current?.assign(email) ?? Promise.resolve()}
          chatBoxId={chatBoxId}
          triage={state.triage}
          setTriage={conversation.setTriage}
        />
      )}
      {state.connection === 'down' && (
        <p className="notice chat-connection" role="status">
          {t('chat.reconnecting')}
        </p>
      )}
      {!state.loaded ? (
        <p className="muted" role="status">
          {t('chat.loading')}
        </p>
      ) : (
        <MessageList
          lang={lang}
          t={t}
          entries={timeline}
          activity={state.activity}
          activityText={staffTools && ((line) => staffTools.activityText(line, lang, t, (uid) => staffSender(uid).name))}
          firstUnreadId={state.firstUnreadId}
          hasOlder={state.hasOlder}
          loadingOlder={state.loadingOlder}
          loadOlder={() => void live.current?.loadOlder()}
          sender={sender}
          errorText={errorText}
          retry={(clientId) => live.current?.retry(clientId)}
          discard={(clientId) => live.current?.discard(clientId)}
          readUpTo={myCursor}
          onSeen={setSeenUpTo}
          fileUrl={fileUrl}
          uploads={state.uploads}
          openPicture={setPicture}
          footer={
            <>
              {!isStaff && !answered && (
                <p className="chat-waiting muted">
                  {t('chat.team.willAnswer')}
                  {state.team?.emailsReplies && ` ${t('chat.team.willEmail')}`}
                </p>
              )}
              {ratingAsked && RatingPrompt && (
                <RatingPrompt
                  t={t}
                  rating={ratingAsked}
                  rate={(score, comment) => live.current?.rate(score, comment) ?? Promise.resolve()}
                  errorText={(error) => errorText(error instanceof ApiRequestError ? error.code : 'unknown')}
                />
              )}
            </>
          }
        />
      )}
      {picture && PictureViewer && (
        <PictureViewer t={t} pictures={pictures} fileId={picture} show={setPicture} close={() => setPicture(undefined)} fileUrl={fileUrl} />
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <p className="chat-typing muted">{typingNames.length > 0 && t('chat.typing', { name: nameList(lang, typingNames) })}</p>
      <Composer
        t={t}
        notes={isStaff}
        send={(text, options) => {
          const check = live.current?.send(text, { ...options, attach: staged }) ?? { ok: false, problem: 'empty', over: 0 };
          if (check.ok) {
            setStaged([]);
            setStageError(undefined);
          }
          return check;
        }}
        onTyping={() => live.current?.typing()}
        serverError={stageError ?? (lastFailed?.failed ? errorText(lastFailed.failed) : undefined)}
        attach={{ lang, staged, change: setStaged, add: addFiles }}
        tool={
          staffTools &&
          ((tool) => (
            <staffTools.SavedReplyPicker
              {...tool}
              lang={lang}
              t={t}
              getToken={currentToken}
              chatBoxId={chatBoxId}
              contact={state.chatBox?.contact}
            />
          ))
        }
      />
    </div>
  );
  if (!isStaff) return chat;
  const contactId = contact?.id;
  const panel = staffTools && contactId && (
    <staffTools.ContactPanel lang={lang} t={t} messages={messages} getToken={currentToken} chatBoxId={chatBoxId} contactId={contactId} />
  );
  if (detailsPane !== undefined) {
    return (
      <div className="chat-workspace">
        {chat}
        {panel && detailsPane && createPortal(panel, detailsPane)}
      </div>
    );
  }
  return (
    <div className="chat-workspace">
      {panel}
      {chat}
    </div>
  );
}
