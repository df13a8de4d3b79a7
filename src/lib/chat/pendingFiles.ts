/**
 * The bytes of files waiting to be sent, kept in IndexedDB beside the outbox (which holds their names, in
 * localStorage): a reload or a closed tab loses no file either. Where the browser refuses IndexedDB (the widget in a
 * third-party frame with storage blocked, some private modes), they live as long as the page.
 */
const database = 'foyer-files';
const store = 'pending';

export interface PendingFiles {
  put(key: string, file: Blob): Promise<void>;
  get(key: string): Promise<Blob | undefined>;
  remove(keys: readonly string[]): Promise<void>;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  });
}

function inStore<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (objects: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB failed'));
  });
}

export function createPendingFiles(): PendingFiles {
  const memory = new Map<string, Blob>();
  let opened: Promise<IDBDatabase | undefined> | undefined;
  const db = () =>
    (opened ??= (async () => {
      try {
        return typeof indexedDB === 'undefined' ? undefined : await openDatabase();
      } catch {
        return undefined;
      }
    })());
  return {
    async put(key, file) {
      memory.set(key, file);
      const idb = await db();
      await (idb && inStore(idb, 'readwrite', (objects) => void objects.put(file, key)).catch(() => undefined));
    },
    async get(key) {
      const kept = memory.get(key);
      if (kept) return kept;
      const idb = await db();
      return idb ? ((await inStore<Blob>(idb, 'readonly', (objects) => objects.get(key)).catch(() => undefined)) ?? undefined) : undefined;
    },
    async remove(keys) {
      for (const key of keys) memory.delete(key);
      const idb = await db();
      await (idb && inStore(idb, 'readwrite', (objects) => keys.forEach((key) => objects.delete(key))).catch(() => undefined));
    },
  };
}
