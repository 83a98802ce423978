// The recorded attempts, kept in this browser's IndexedDB (one per class video) so an attempt
// stays until the student deletes it (or sends it: the practice feedback issue), across reloads.
// Nothing here talks to the server.
const DB = 'circo-practice';
const STORE = 'attempts';

export interface StoredAttempt {
  blob: Blob;
  classAt: number;
  recordedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = fn(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

/** One attempt per user, class and video. */
export const attemptKey = (userId: string, classId: string, video: number) =>
  `${userId}:${classId}:${video}`;

export async function loadAttempt(key: string): Promise<StoredAttempt | null> {
  if (typeof indexedDB === 'undefined') return null;
  const found = await run<StoredAttempt | undefined>('readonly', (s) => s.get(key));
  return found && found.blob instanceof Blob ? found : null;
}

export async function saveAttempt(key: string, attempt: StoredAttempt): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (s) => s.put(attempt, key));
}

export async function deleteAttempt(key: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (s) => s.delete(key));
}
