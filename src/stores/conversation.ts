/**
 * One conversation's state in the browser: messages merged from list pages, stream events and send answers; the
 * outbox's waiting items; read cursors; who is typing; whether older messages exist; the stream's connection.
 * Derived values (the timeline, the read marker, typing now) are `computed`, never copied.
 */
import { computed, map } from 'nanostores';
import { contactHistoryTypes, typingShowsMs } from '../lib/api/constants.ts';
import type {
  Assignee,
  ChatBoxSummary,
  ChatPriority,
  ChatEvent,
  ChatStatus,
  ListMessagesAnswer,
  Message,
  Participant,
  ReadCursor,
  HistoryLine,
  Tag,
  TypingEvent,
} from '../lib/api/chat.ts';
import { activityFromEvent, mergeActivity } from '../lib/chat/activity.ts';
import type { RatingState } from '../lib/api/ratings.ts';
import type { TeamAnswer } from '../lib/api/sessions.ts';
import type { StreamState } from '../lib/chat/eventStream.ts';
import type { OutboxItem } from '../lib/chat/outbox.ts';
import { buildTimeline, mergeCursor, mergeMessages, myReadCursor, otherSideReadUpTo, sameParticipant } from '../lib/chat/timeline.ts';

export interface ConversationState {
  me: Participant;
  chatBox: ChatBoxSummary | undefined;
  status: ChatStatus | undefined;
  /** Who the chat box is assigned to (null: nobody); undefined until the first page says. Staff only. */
  assignee: Assignee | null | undefined;
  /** Staff only: tags, priority and until when it is snoozed (null: not snoozed). */
  triage: Triage;
  /** "How was your conversation?" for the latest resolution: asked (score null) or answered; null: never asked. */
  rating: RatingState | null | undefined;
  /** Sorted by id, each once. */
  messages: Message[];
  /** Staff only: what staff did (status, assignment), by seq, each once. */
  activity: HistoryLine[];
  pending: OutboxItem[];
  /** Bytes of each waiting file (by its outbox key) that have gone up so far. */
  uploads: Record<string, number>;
  /** The token the page's file addresses carry (api/files.ts); undefined until read. */
  fileAccess: string | undefined;
  readCursors: ReadCursor[];
  /** Who is typing, until when (ms). */
  typing: { participant: Participant; until: number }[];
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Contacts only: the staff who answer here (who the contact is talking to) and whether replies are e-mailed to
   * them; undefined until read. */
  team: TeamAnswer | undefined;
  /** The first message from the other side that was unread when the conversation opened (the "new" divider). */
  firstUnreadId: number | undefined;
  connection: StreamState;
  /** Why the conversation cannot go on (the server's code), e.g. an ended session. */
  stoppedBy: string | undefined;
  loaded: boolean;
}

export interface Triage {
  tags: Tag[];
  priority: ChatPriority | null;
  snoozedUntil: string | null;
}

export function createConversation(me: Participant, now = () => Date.now()) {
  const $conversation = map<ConversationState>({
    me,
    chatBox: undefined,
    status: undefined,
    assignee: undefined,
    triage: { tags: [], priority: null, snoozedUntil: null },
    rating: undefined,
    messages: [],
    activity: [],
    pending: [],
    uploads: {},
    fileAccess: undefined,
    readCursors: [],
    typing: [],
    hasOlder: false,
    loadingOlder: false,
    team: undefined,
    firstUnreadId: undefined,
    connection: 'connecting',
    stoppedBy: undefined,
    loaded: false,
  });
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const $readUpTo = computed($conversation, (state) => otherSideReadUpTo(state.readCursors, me));
  const $myCursor = computed($conversation, (state) => myReadCursor(state.readCursors, me));
  const $timeline = computed([$conversation, $readUpTo], (state, readUpTo) => buildTimeline(state.messages, state.pending, me, readUpTo));
  const $typingNow = computed($conversation, (state) => state.typing.map((signal) => signal.participant));
  /** The newest message from the other side, when it is past this reader's cursor: what "mark read" would send. */
  const $unreadUpTo = computed([$conversation, $myCursor], (state, cursor) => {
    const last = state.messages.findLast((message) => !sameParticipant(message.sender, me));
    return last && last.id > cursor ? last.id : undefined;
  });

  function addMessages(messages: readonly Message[]) {
    const state = $conversation.get();
    // A message from someone ends their typing signal.
    const typing = state.typing.filter((signal) => !messages.some((message) => sameParticipant(message.sender, signal.participant)));
    // The reader answered after the first unread message: they have seen what was new, the divider goes.
    const { firstUnreadId } = state;
    const answered =
      firstUnreadId !== undefined && messages.some((message) => message.id > firstUnreadId && sameParticipant(message.sender, me));
    $conversation.set({
      ...state,
      messages: mergeMessages(state.messages, messages),
      typing,
      firstUnreadId: answered ? undefined : firstUnreadId,
    });
  }

  function pruneTyping() {
    clearTimeout(typingTimer);
    const state = $conversation.get();
    const at = now();
    const typing = state.typing.filter((signal) => signal.until > at);
    if (typing.length !== state.typing.length) $conversation.setKey('typing', typing);
    if (typing.length) typingTimer = setTimeout(pruneTyping, Math.min(...typing.map((signal) => signal.until)) - at);
  }

  return {
    $conversation,
    $timeline,
    $readUpTo,
    $myCursor,
    $typingNow,
    $unreadUpTo,
    addMessages,

    /** The newest page (first load) or an older one (scrolling up). */
    applyPage(answer: ListMessagesAnswer, which: 'newest' | 'older') {
      const state = $conversation.get();
      const readCursors = answer.readCursors.reduce(mergeCursor, state.readCursors);
      const messages = mergeMessages(state.messages, answer.messages);
      const cursor = myReadCursor(readCursors, me);
      const firstUnreadId = state.loaded
        ? state.firstUnreadId
        : messages.find((message) => message.id > cursor && !sameParticipant(message.sender, me))?.id;
      $conversation.set({
        ...state,
        chatBox: answer.chatBox,
        status: state.status ?? answer.chatBox.status,
        // A contact's answer leaves the assignee out; an event may have said more recently.
        assignee: state.assignee !== undefined ? state.assignee : (answer.chatBox.assignee ?? null),
        rating: state.rating !== undefined ? state.rating : (answer.chatBox.rating ?? null),
        triage: state.loaded
          ? state.triage
          : {
              tags: answer.chatBox.tags ?? [],
              priority: answer.chatBox.priority ?? null,
              snoozedUntil: answer.chatBox.snoozedUntil ?? null,
            },
        messages,
        activity: mergeActivity(state.activity, answer.activity ?? []),
        readCursors,
        hasOlder: which === 'older' || !state.loaded ? answer.hasOlder : state.hasOlder,
        loadingOlder: which === 'older' ? false : state.loadingOlder,
        firstUnreadId,
        loaded: true,
      });
    },

    applyEvent(event: ChatEvent) {
      if (event.type === 'message') return addMessages([event.message]);
      if (event.type === 'read') return $conversation.setKey('readCursors', mergeCursor($conversation.get().readCursors, event.readCursor));
      const line = activityFromEvent(event);
      // A contact's history is the away answers alone: a rating they gave is no line of theirs.
      if (line && (me.kind === 'staff' || contactHistoryTypes.includes(line.type)))
        $conversation.setKey('activity', mergeActivity($conversation.get().activity, [line]));
      const { triage } = $conversation.get();
      if (event.type === 'status') {
        $conversation.setKey('status', event.status);
        // Resolving ends a snooze.
        if (event.status === 'resolved') $conversation.setKey('triage', { ...triage, snoozedUntil: null });
        // Resolved again: asked anew, or (no longer asking) what went unanswered before is not asked any more.
        if (event.askRating) $conversation.setKey('rating', { score: null, comment: null });
        else if (event.status === 'resolved' && $conversation.get().rating?.score === null) $conversation.setKey('rating', null);
      } else if (event.type === 'rating') $conversation.setKey('rating', { score: event.score, comment: event.comment });
      else if (event.type === 'assignment') $conversation.setKey('assignee', event.assignee);
      else if (event.type === 'snooze') $conversation.setKey('triage', { ...triage, snoozedUntil: event.until });
      else if (event.type === 'tags') $conversation.setKey('triage', { ...triage, tags: event.tags });
      else if (event.type === 'priority') $conversation.setKey('triage', { ...triage, priority: event.priority });
    },

    /** What the server answered to this staff member's own triage change (its event follows, the same). */
    setTriage(change: Partial<Triage>) {
      $conversation.setKey('triage', { ...$conversation.get().triage, ...change });
    },

    /** What the server answered to this staff member's own change (its event follows on the stream, the same). */
    setStatus(status: ChatStatus) {
      $conversation.setKey('status', status);
    },
    setAssignee(assignee: Assignee | null) {
      $conversation.setKey('assignee', assignee);
    },
    setRating(rating: RatingState) {
      $conversation.setKey('rating', rating);
    },

    applyTyping(event: TypingEvent) {
      if (sameParticipant(event.sender, me)) return;
      const state = $conversation.get();
      const others = state.typing.filter((signal) => !sameParticipant(signal.participant, event.sender));
      $conversation.setKey('typing', [...others, { participant: event.sender, until: now() + typingShowsMs }]);
      pruneTyping();
    },

    setTeam(team: TeamAnswer) {
      $conversation.setKey('team', team);
    },
    setPending(items: OutboxItem[]) {
      $conversation.setKey('pending', items);
    },
    setUpload(key: string, sent: number | undefined) {
      const { [key]: _, ...others } = $conversation.get().uploads;
      $conversation.setKey('uploads', sent === undefined ? others : { ...others, [key]: sent });
    },
    setFileAccess(access: string) {
      $conversation.setKey('fileAccess', access);
    },
    setReadCursor(cursor: ReadCursor) {
      $conversation.setKey('readCursors', mergeCursor($conversation.get().readCursors, cursor));
    },
    setLoadingOlder(loading: boolean) {
      $conversation.setKey('loadingOlder', loading);
    },
    setConnection(connection: StreamState, code?: string) {
      $conversation.set({ ...$conversation.get(), connection, stoppedBy: code ?? $conversation.get().stoppedBy });
    },
    stop(code: string) {
      $conversation.setKey('stoppedBy', code);
    },
    dispose() {
      clearTimeout(typingTimer);
    },
  };
}

export type Conversation = ReturnType<typeof createConversation>;
