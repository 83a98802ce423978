// Which account the service worker serves on this device, and the end of an account's offline
// data when it signs out (shared-contracts/domain/offline.ts names the caches).
import {
  SESSION_CACHE,
  SESSION_KEY,
  answersCacheName,
  downloadsCacheName,
} from '@circo/shared-contracts';

const supported = () => typeof caches !== 'undefined';

/** Records the signed-in account: a <video> or a PDF's frame sends no token, the worker reads this. */
export async function recordSignedIn(userId: string): Promise<void> {
  if (!supported()) return;
  await (
    await caches.open(SESSION_CACHE)
  ).put(
    SESSION_KEY,
    new Response(JSON.stringify({ userId: userId.toLowerCase() }), {
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

/** Signing out: the account's downloads, kept answers and queued writes leave the device. */
export async function forgetAccount(userId: string): Promise<void> {
  try {
    localStorage.removeItem(`circo-outbox-${userId.toLowerCase()}`);
  } catch {
    // storage refused (private mode): nothing was kept there either
  }
  if (!supported()) return;
  await Promise.all([
    caches.delete(downloadsCacheName(userId)),
    caches.delete(answersCacheName(userId)),
    caches.open(SESSION_CACHE).then((c) => c.delete(SESSION_KEY)),
  ]);
}
