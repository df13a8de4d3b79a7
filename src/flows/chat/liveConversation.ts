/**
 * Keeps one conversation store in step with the server: the newest page first, then the event stream from that
 * page's seq (so nothing falls between), the outbox (flushed whenever the stream opens), older pages on demand,
 * read cursors, typing signals, the names of staff senders, and for staff: status, assignment and internal notes.
 */
import type { Assignee, ChatEvent, ChatStatus, Message, Participant, HistoryLine, TypingEvent } from '../../lib/api/chat.ts';
import { chatPriorities, typingEveryMs, type ChatPriority } from '../../lib/api/constants.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { loadOrganizationUser } from '../../stores/organizationUsers.ts';
import type { Conversation } from '../../stores/conversation.ts';
import { createChatApi, type TokenGetter } from '../../lib/chat/chatApi.ts';
import { backoffDelay, openEventStream, stopStatuses, type EventStream, type EventStreamOptions } from '../../lib/chat/eventStream.ts';
import { checkMessageText, type TextCheck } from '../../lib/chat/messageText.ts';
import { createOutbox, outboxKey } from '../../lib/chat/outbox.ts';
import type { FileVariant } from '../../lib/api/constants.ts';
import type { ConversationFiles, StagedFile } from './conversationFiles.ts';

export interface LiveConversationOptions {
  chatBoxId: string;
  getToken: TokenGetter;
  conversation: Conversation;
  /** For tests: a server elsewhere, and the stream's wake-up signals. */
  origin?: string;
  wakeUps?: EventStreamOptions['wakeUps'];
}

export function startLiveConversation({ chatBoxId, getToken, conversation, origin, wakeUps }: LiveConversationOptions) {
  const api = createChatApi(getToken, origin);
  const me = conversation.$conversation.get().me;
  let stream: EventStream | undefined;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastTypingAt = -Infinity;
  let markedUpTo = 0;

  // Loaded with the first file shown or sent: most conversations have none.
  let filesLoaded: Promise<ConversationFiles> | undefined;
  const files = () =>
    (filesLoaded ??= import('./conversationFiles.ts').then((module) => module.createConversationFiles(api, chatBoxId, conversation)));
  const outbox = createOutbox({
    key: outboxKey(chatBoxId, me.kind),
    async send(item, save) {
      const withFiles = item.files?.length ? await files() : undefined;
      withFiles?.needAccess();
      const attached = await withFiles?.upload(item, save);
      const { message } = await api.send({
        chatBoxId,
        clientId: item.clientId,
        text: item.text,
        ...(item.internal && { internal: true }),
        ...(attached?.length && { files: attached }),
      });
      withFiles?.forget(item);
      return message;
    },
    onChange: (items) => conversation.setPending(items),
    onSent: (_item, message) => received([message]),
  });
  conversation.setPending(outbox.items());

  /** A staff member's name and picture, once per uid (they show on their messages and when they type). */
  const knowStaff = (participant: Participant) => {
    if (participant.kind === 'staff') void loadOrganizationUser(participant.id, (uid) => api.organizationUser(chatBoxId, uid));
  };

  function received(messages: readonly Message[]) {
    conversation.addMessages(messages);
    if (messages.some((message) => message.files?.length)) void files().then((loaded) => loaded.needAccess());
    for (const message of messages) knowStaff(message.sender);
    const team = conversation.$conversation.get().team?.team;
    const newcomer = messages.some(
      (message) => message.sender.kind === 'staff' && !team?.some((member) => member.uid === message.sender.id),
    );
    if (me.kind === 'contact' && team && newcomer) loadTeam();
  }

  /** Who did what in the history: their names, once each. */
  const knowActors = (activity: readonly HistoryLine[] = []) => {
    for (const line of activity) if (line.by) knowStaff({ kind: 'staff', id: line.by });
  };

  /**
   * Who answers here, for the contact's side (a failed read leaves the organisation's name alone); read again when
   * someone not in it writes, and when the office hours say the team comes in or goes (a page left open over a
   * weekend then says the right thing on Monday).
   */
  let readingTeam = false;
  let hoursTimer: ReturnType<typeof setTimeout> | undefined;
  function loadTeam() {
    if (readingTeam) return;
    readingTeam = true;
    api
      .team(chatBoxId)
      .then((team) => {
        if (closed) return;
        conversation.setTeam(team);
        clearTimeout(hoursTimer);
        const change = Date.parse(team.hours?.closesAt ?? team.hours?.opensAt ?? '');
        // A second past the change; at most a day ahead (timers cannot wait for months).
        if (Number.isFinite(change)) hoursTimer = setTimeout(loadTeam, Math.min(Math.max(change - Date.now() + 1000, 1000), 86_400_000));
      })
      .catch(() => {})
      .finally(() => (readingTeam = false));
  }

  const isStop = (error: unknown) => error instanceof ApiRequestError && stopStatuses.includes(error.status);

  function openStream(seq: number) {
    stream = openEventStream({
      url: api.streamUrl(chatBoxId),
      getToken,
      lastEventId: String(seq),
      wakeUps,
      onState(state, code) {
        conversation.setConnection(state, code);
        if (state === 'open') void outbox.flush();
      },
      onEvent({ event, data }) {
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          return;
        }
        if (event === 'typing') {
          if (!isTypingEvent(json)) return;
          knowStaff(json.sender);
          return conversation.applyTyping(json);
        }
        if (!isChatEvent(json)) return;
        if (json.type === 'message') return received([json.message]);
        conversation.applyEvent(json);
        if ('by' in json && json.by) knowStaff({ kind: 'staff', id: json.by });
      },
    });
  }

  async function loadNewest(attempt = 0): Promise<void> {
    try {
      const answer = await api.list({ chatBoxId });
      if (closed) return;
      conversation.applyPage(answer, 'newest');
      received(answer.messages);
      knowActors(answer.activity);
      openStream(answer.chatBox.seq);
      if (me.kind === 'contact' && !conversation.$conversation.get().team) loadTeam();
    } catch (error) {
      if (closed) return;
      if (isStop(error)) return conversation.setConnection('stopped', (error as ApiRequestError).code);
      conversation.setConnection('down');
      retryTimer = setTimeout(() => void loadNewest(attempt + 1), backoffDelay(attempt, { firstMs: 500, maxMs: 15_000 }));
    }
  }
  void loadNewest();

  return {
    /**
     * Queues a message (for staff, `internal`: a note) with its files; answers the check's problem instead when the
     * text cannot go out (no text at all is fine with files).
     */
    send(raw: string, { internal = false, attach = [] }: { internal?: boolean; attach?: readonly StagedFile[] } = {}): TextCheck {
      const check = checkMessageText(raw);
      const blankWithFiles = !check.ok && check.problem === 'empty' && attach.length > 0;
      if (!check.ok && !blankWithFiles) return check;
      const text = check.ok ? check.text : '';
      const described = attach.map(({ file, caption }) => ({
        key: crypto.randomUUID(),
        name: file.name || 'file',
        size: file.size,
        type: file.type,
        ...(caption.trim() && { caption: caption.trim() }),
      }));
      // The bytes are kept before the item is added: its send, which reads them, is queued after.
      if (attach.length) void files().then((loaded) => loaded.keep(described, attach));
      outbox.add(text, { internal: internal && me.kind === 'staff', files: described });
      return { ok: true, text };
    },

    /** Staff: resolve or reopen. Throws the server's refusal (ApiRequestError) for the page to show. */
    async setStatus(status: ChatStatus): Promise<void> {
      const answer = await api.setStatus({ chatBoxId, status });
      if (!closed) conversation.setStatus(answer.status);
    },

    /** Staff: assign to a staff member by e-mail, or to nobody. */
    async assign(email: string | null): Promise<void> {
      const answer = await api.assign({ chatBoxId, assignee: email });
      if (!closed) conversation.setAssignee(answer.assignee);
    },
    /** The contact: "How was your conversation?" answered (again, to change it). Throws the server's refusal. */
    async rate(score: number, comment: string): Promise<void> {
      const rating = await api.rate({ chatBoxId, score, ...(comment.trim() && { comment }) });
      if (!closed) conversation.setRating(rating);
    },
    retry: (clientId: string) => outbox.retry(clientId),
    discard(clientId: string) {
      const item = outbox.items().find((waiting) => waiting.clientId === clientId);
      if (item?.files?.length) void files().then((loaded) => loaded.forget(item));
      outbox.discard(clientId);
    },
    /** A file's address (a picture's copy, or the file itself), once the access token is in. */
    fileUrl(fileId: string, variant: FileVariant): string | undefined {
      const access = conversation.$conversation.get().fileAccess;
      return access ? api.fileUrl(fileId, variant, access) : undefined;
    },

    async loadOlder(): Promise<void> {
      const state = conversation.$conversation.get();
      const first = state.messages[0];
      if (!state.hasOlder || state.loadingOlder || !first) return;
      conversation.setLoadingOlder(true);
      try {
        const answer = await api.list({ chatBoxId, before: first.id });
        conversation.applyPage(answer, 'older');
        received(answer.messages);
        knowActors(answer.activity);
      } catch {
        conversation.setLoadingOlder(false);
      }
    },

    /** Moves this reader's cursor to `seen` (what was on screen), never past the other side's newest message. */
    async markRead(seen = Infinity): Promise<void> {
      const newest = conversation.$unreadUpTo.get();
      const upTo = newest === undefined ? undefined : Math.min(newest, seen);
      if (upTo === undefined || upTo <= markedUpTo) return;
      markedUpTo = upTo;
      try {
        const { readCursor } = await api.markRead({ chatBoxId, messageId: upTo });
        conversation.setReadCursor(readCursor);
      } catch {
        markedUpTo = 0;
      }
    },

    /** Tells the other side this person is typing, at most once every 2 s. */
    typing(now = Date.now()): void {
      if (now - lastTypingAt < typingEveryMs) return;
      lastTypingAt = now;
      api.typing(chatBoxId).catch(() => {});
    },

    close() {
      closed = true;
      clearTimeout(hoursTimer);
      clearTimeout(retryTimer);
      stream?.close();
      outbox.close();
      void filesLoaded?.then((loaded) => loaded.close());
      conversation.dispose();
    },
  };
}

export type LiveConversation = ReturnType<typeof startLiveConversation>;

// The stream is our own server's (lib/api/chat.ts describes it); these guards keep a foreign or truncated event out
// without loading the schemas' library into the page.
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isParticipant = (value: unknown): value is Participant =>
  isObject(value) && (value['kind'] === 'contact' || value['kind'] === 'staff') && typeof value['id'] === 'string';

export function isTypingEvent(value: unknown): value is TypingEvent {
  return isObject(value) && value['type'] === 'typing' && typeof value['chatBoxId'] === 'string' && isParticipant(value['sender']);
}

export function isChatEvent(value: unknown): value is ChatEvent {
  if (!isObject(value) || typeof value['chatBoxId'] !== 'string' || typeof value['seq'] !== 'number') return false;
  switch (value['type']) {
    case 'message': {
      const message = value['message'];
      return (
        isObject(message) &&
        typeof message['id'] === 'number' &&
        typeof message['text'] === 'string' &&
        isParticipant(message['sender']) &&
        (message['files'] === undefined || isFileList(message['files']))
      );
    }
    case 'read': {
      const cursor = value['readCursor'];
      return isObject(cursor) && typeof cursor['messageId'] === 'number' && isParticipant(cursor['reader']);
    }
    case 'status':
      return (value['status'] === 'open' || value['status'] === 'resolved') && isActor(value);
    case 'assignment':
      return (value['assignee'] === null || isAssignee(value['assignee'])) && isActor(value);
    case 'snooze':
      return (value['until'] === null || typeof value['until'] === 'string') && isActor(value);
    case 'tags':
      return isTagList(value['tags']) && isNames(value['added']) && isNames(value['removed']) && isActor(value);
    case 'priority':
      return (value['priority'] === null || chatPriorities.includes(value['priority'] as ChatPriority)) && isActor(value);
    case 'rating':
      return typeof value['score'] === 'number' && (value['comment'] === null || typeof value['comment'] === 'string');
    case 'away': {
      const opensAt = value['opensAt'];
      return (opensAt === null || (typeof opensAt === 'string' && !Number.isNaN(Date.parse(opensAt)))) && typeof value['at'] === 'string';
    }
    case 'articles': {
      const articles = value['articles'];
      return (
        Array.isArray(articles) &&
        articles.every((read) => isObject(read) && typeof read['title'] === 'string') &&
        typeof value['at'] === 'string'
      );
    }
    default:
      return false;
  }
}

const isFileList = (value: unknown) =>
  Array.isArray(value) &&
  value.every(
    (file) => isObject(file) && typeof file['id'] === 'string' && typeof file['name'] === 'string' && typeof file['size'] === 'number',
  );
const isNames = (value: unknown) => Array.isArray(value) && value.every((name) => typeof name === 'string');
const isTagList = (value: unknown) =>
  Array.isArray(value) && value.every((tag) => isObject(tag) && typeof tag['id'] === 'number' && typeof tag['name'] === 'string');

/** Who and when, on staff's stream (absent on a contact's). */
const isActor = (value: Record<string, unknown>) =>
  ['undefined', 'string'].includes(typeof value['at']) && (value['by'] === null || ['undefined', 'string'].includes(typeof value['by']));

function isAssignee(value: unknown): value is Assignee {
  return (
    isObject(value) &&
    typeof value['email'] === 'string' &&
    typeof value['name'] === 'string' &&
    (value['uid'] === null || typeof value['uid'] === 'string')
  );
}
