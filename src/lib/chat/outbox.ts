/**
 * Messages not yet acknowledged by the server, kept in localStorage per chat box so a reload or a closed tab loses
 * none. They go out in order, one at a time; the server keys each by its clientId, so a repeat is never a second
 * message. Network trouble, 5xx and 429 wait and try again; any other refusal marks the item failed for the person
 * to retry or discard. Tabs of one chat box take turns through a Web Lock, so they do not send the same item twice.
 */
import type { Message } from '../api/chat.ts';
import { ApiRequestError } from '../http/client.ts';
import { backoffDelay } from './eventStream.ts';
import { browserStorage } from '../browserStorage.ts';

export interface OutboxItem {
  clientId: string;
  text: string;
  /** ISO 8601, when it was written. */
  createdAt: string;
  /** A staff member's internal note: kept with the item so a retried note is still a note. */
  internal?: true;
  /** The error code that refused it; a failed item waits for the person. */
  failed?: string | undefined;
  /** Files that go with it, their bytes kept apart (pendingFiles.ts). */
  files?: OutboxFile[];
}

export interface OutboxFile {
  /** Where its bytes wait. */
  key: string;
  name: string;
  size: number;
  /** What the browser says it is: only for a preview while it waits (the server decides by its content). */
  type: string;
  caption?: string;
  /** Uploaded: the server's file id, so a send tried again does not upload it again. */
  id?: string;
}

export interface Outbox {
  add(text: string, options?: { internal?: boolean; files?: OutboxFile[] }): OutboxItem;
  retry(clientId: string): void;
  discard(clientId: string): void;
  /** Sends whatever waits (also called when the connection comes back). */
  flush(): Promise<void>;
  items(): OutboxItem[];
  close(): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface OutboxOptions {
  /** The storage key: see outboxKey. */
  key: string;
  /** Sends an item; `save` keeps what it learned on the way (its files' ids), should the send fail after. */
  send: (item: OutboxItem, save: (item: OutboxItem) => void) => Promise<Message>;
  onChange: (items: OutboxItem[]) => void;
  onSent: (item: OutboxItem, message: Message) => void;
  storage?: KeyValueStorage | undefined;
  locks?: LockManager | undefined;
  retry?: { firstMs: number; maxMs: number };
  newId?: () => string;
  now?: () => Date;
}

export const retryFirstMs = 1000;
export const retryMaxMs = 30_000;

/** Per chat box and per side, so a message written as a contact never goes out as staff in the same browser. */
export const outboxKey = (chatBoxId: string, senderKind: string) => `foyer:outbox:${senderKind}:${chatBoxId}`;

/** Whether a failed send is worth repeating unchanged: no answer, a timeout, too many, or the server's fault. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

const browserLocks = () => (typeof navigator === 'undefined' ? undefined : navigator.locks);

export function createOutbox(options: OutboxOptions): Outbox {
  const storage = options.storage ?? browserStorage();
  // Locks guard the storage tabs share. Where storage is refused (the chat box in a third-party frame with
  // third-party cookies blocked) there is nothing shared, and the browser refuses locks too ("SecurityError").
  const locks = storage ? (options.locks ?? browserLocks()) : undefined;
  const retry = options.retry ?? { firstMs: retryFirstMs, maxMs: retryMaxMs };
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => new Date());
  // Without storage (private mode quirks), the items live as long as the page.
  let memory: OutboxItem[] = [];
  let running: Promise<void> | undefined;
  let again = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function read(): OutboxItem[] {
    if (!storage) return memory;
    try {
      const items: unknown = JSON.parse(storage.getItem(options.key) ?? '[]');
      return Array.isArray(items) ? (items as OutboxItem[]) : [];
    } catch {
      return [];
    }
  }

  function write(items: OutboxItem[]): void {
    memory = items;
    try {
      if (items.length) storage?.setItem(options.key, JSON.stringify(items));
      else storage?.removeItem(options.key);
    } catch {
      // Storage full or refused: the items still go out from this page.
    }
    options.onChange(items);
  }

  const withLock = <T>(work: () => Promise<T>): Promise<T> =>
    locks ? (locks.request(`foyer-outbox:${options.key}`, work) as Promise<T>) : work();

  /** Sends the first waiting item: 'empty', 'sent', 'failed', or the milliseconds to wait before trying again. */
  async function sendNext(): Promise<'empty' | 'sent' | 'failed' | number> {
    // Read inside the lock: another tab may have sent (and removed) the item meanwhile.
    const item = read().find((candidate) => !candidate.failed);
    if (!item) return 'empty';
    try {
      const save = (changed: OutboxItem) => write(read().map((other) => (other.clientId === changed.clientId ? changed : other)));
      const message = await options.send(item, save);
      attempts = 0;
      options.onSent(item, message);
      write(read().filter((other) => other.clientId !== item.clientId));
      return 'sent';
    } catch (error) {
      if (isRetryable(error)) {
        attempts += 1;
        const after = error instanceof ApiRequestError && error.status === 429 ? error.retryAfter : undefined;
        return after !== undefined ? after * 1000 : backoffDelay(attempts - 1, retry);
      }
      const code = error instanceof ApiRequestError ? error.code : 'unknown';
      write(read().map((other) => (other.clientId === item.clientId ? { ...other, failed: code } : other)));
      return 'failed';
    }
  }

  async function run(): Promise<void> {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    while (!closed) {
      const outcome = await withLock(sendNext);
      if (outcome === 'empty') return;
      if (typeof outcome === 'number') {
        retryTimer = setTimeout(() => void flush(), outcome);
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void flush();
      }
    });
    return running;
  }

  // Another tab wrote or sent items of this chat box: show the same list here.
  const onStorage = (event: StorageEvent) => {
    if (event.key === options.key) options.onChange(read());
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

  return {
    add(text, { internal = false, files = [] } = {}) {
      const item: OutboxItem = {
        clientId: newId(),
        text,
        createdAt: now().toISOString(),
        ...(internal && { internal: true as const }),
        ...(files.length && { files }),
      };
      write([...read(), item]);
      void flush();
      return item;
    },
    retry(clientId) {
      write(read().map((item) => (item.clientId === clientId ? { ...item, failed: undefined } : item)));
      attempts = 0;
      void flush();
    },
    discard(clientId) {
      write(read().filter((item) => item.clientId !== clientId));
    },
    flush,
    items: read,
    close() {
      closed = true;
      clearTimeout(retryTimer);
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    },
  };
}
