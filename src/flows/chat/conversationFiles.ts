/**
 * A conversation's files in the browser, loaded with the first file the page shows or sends: the bytes of those
 * waiting in the outbox (pendingFiles.ts), uploaded one by one with their progress in the store, each id kept in the
 * item once it is up, so a send tried again after a reload or a lost connection uploads only what is missing and
 * still makes one message; and the access token the page's file addresses carry, read when a file first shows and
 * again before it expires.
 */
import type { BodyOf } from '../../lib/api/contract.ts';
import type { ChatApi } from '../../lib/chat/chatApi.ts';
import type { OutboxFile, OutboxItem } from '../../lib/chat/outbox.ts';
import { createPendingFiles } from '../../lib/chat/pendingFiles.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Conversation } from '../../stores/conversation.ts';

/** A file the person chose, with its caption, before it is sent. */
export interface StagedFile {
  file: File;
  caption: string;
}

/** The access token is read again this long before it expires (it lasts 15 minutes). */
const renewBeforeMs = 2 * 60_000;
const retryAccessMs = 30_000;

export function createConversationFiles(api: ChatApi, chatBoxId: string, conversation: Conversation) {
  const pendingFiles = createPendingFiles();
  let accessTimer: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  let closed = false;

  function readAccess() {
    if (reading || closed) return;
    reading = true;
    api
      .fileAccess(chatBoxId)
      .then(({ access, expiresAt }) => {
        if (closed) return;
        conversation.setFileAccess(access);
        accessTimer = setTimeout(readAccess, Math.max(Date.parse(expiresAt) - Date.now() - renewBeforeMs, retryAccessMs));
      })
      .catch(() => {
        if (!closed) accessTimer = setTimeout(readAccess, retryAccessMs);
      })
      .finally(() => (reading = false));
  }

  return {
    /** Keeps the chosen files' bytes under the keys the outbox item names. */
    keep(described: readonly OutboxFile[], staged: readonly StagedFile[]) {
      described.forEach((file, index) => void pendingFiles.put(file.key, staged[index]!.file));
    },

    /** Uploads an item's files not yet up, keeping each id in the item; answers them as the message names them. */
    async upload(item: OutboxItem, save: (item: OutboxItem) => void): Promise<NonNullable<BodyOf<'chatMessagesSend'>['files']>> {
      let files = item.files ?? [];
      for (const [index, file] of files.entries()) {
        if (file.id) continue;
        const bytes = await pendingFiles.get(file.key);
        if (!bytes) throw new ApiRequestError(404, 'not_found', 'The file is no longer in this browser.');
        const stored = await api.upload(chatBoxId, file.name, bytes, (sent) => conversation.setUpload(file.key, sent));
        files = files.with(index, { ...file, id: stored.id });
        save({ ...item, files });
      }
      return files.map(({ id, name, caption }) => ({ id: id!, name, ...(caption && { caption }) }));
    },

    /** The item is sent, or given up: its files' bytes and progress go. */
    forget(item: OutboxItem) {
      const keys = (item.files ?? []).map((file) => file.key);
      void pendingFiles.remove(keys);
      for (const key of keys) conversation.setUpload(key, undefined);
    },

    /** Files show from now on: read the access token if there is none yet. */
    needAccess() {
      if (!conversation.$conversation.get().fileAccess && !accessTimer) readAccess();
    },

    close() {
      closed = true;
      clearTimeout(accessTimer);
    },
  };
}

export type ConversationFiles = ReturnType<typeof createConversationFiles>;
