// Writes made with no network (a class marked done, minutes of practice), kept on the device per
// account and sent in order when the network is back, each once: a practice entry carries its
// idempotency key, and marking a class done twice leaves it done.
import { api, ApiError } from '../api/client';

export interface QueuedWrite {
  /** also the entry's idempotency key where the route takes one */
  id: string;
  method: 'POST' | 'DELETE';
  /** relative to /api */
  path: string;
  body?: unknown;
  queuedAt: string;
}

const key = (userId: string) => `circo-outbox-${userId.toLowerCase()}`;

export function queuedWrites(userId: string): QueuedWrite[] {
  try {
    const list = JSON.parse(localStorage.getItem(key(userId)) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as QueuedWrite[]) : [];
  } catch {
    return [];
  }
}

function save(userId: string, list: QueuedWrite[]): void {
  if (list.length === 0) localStorage.removeItem(key(userId));
  else localStorage.setItem(key(userId), JSON.stringify(list));
}

const isOffline = (err: unknown) => err instanceof ApiError && err.status === 0;

/**
 * Sends a write, or keeps it for later when there is no network: `{ sent: false }` then. An
 * answer of the API (an error too) is the caller's.
 */
export async function sendOrQueue<T>(
  userId: string,
  write: Omit<QueuedWrite, 'queuedAt'>,
): Promise<{ sent: true; data: T } | { sent: false }> {
  try {
    return {
      sent: true,
      data: await api<T>(write.path, { method: write.method, body: write.body }),
    };
  } catch (err) {
    if (!isOffline(err)) throw err;
    save(userId, [...queuedWrites(userId), { ...write, queuedAt: new Date().toISOString() }]);
    return { sent: false };
  }
}

let flushing: Promise<number> | null = null;

async function sendQueued(userId: string): Promise<number> {
  let sent = 0;
  for (const write of queuedWrites(userId)) {
    try {
      await api(write.path, { method: write.method, body: write.body });
      sent += 1;
    } catch (err) {
      if (isOffline(err)) break;
      console.warn('a write kept offline was refused', write.path, err);
    }
    save(
      userId,
      queuedWrites(userId).filter((w) => w.id !== write.id),
    );
  }
  return sent;
}

/**
 * Sends the account's queued writes in order and says how many went, one run at a time. The
 * network failing again stops it (the rest waits); an API refusal (access ended, a day too old)
 * drops that write.
 */
export function flushOutbox(userId: string): Promise<number> {
  // cleared once settled (a callback of its own: never before the run is stored)
  flushing ??= sendQueued(userId).finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Sends the signed-in account's queued writes when the network comes back and once its session is
 * read; `onSent` runs after writes went (the pages then ask the server again). Answers the
 * flush, for the caller to run when the session is read.
 */
export function watchOutbox(currentUser: () => string | null, onSent: () => void): () => void {
  const flush = () => {
    const userId = currentUser();
    if (!userId || !navigator.onLine || queuedWrites(userId).length === 0) return;
    void flushOutbox(userId).then((n) => {
      if (n > 0) onSent();
    });
  };
  window.addEventListener('online', flush);
  flush();
  // the caller calls it again when the session is read
  return flush;
}
