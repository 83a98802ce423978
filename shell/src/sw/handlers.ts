/// <reference lib="webworker" />
// The worker's own answers: the downloads of the signed-in account, its student-area answers and
// the pages. Every cache of an account is named by its id (shared-contracts/domain/offline.ts),
// and the worker reads only the caches of the account that asks.
import { createPartialResponse } from 'serwist';
import {
  ANSWER_NETWORK_TIMEOUT_SECONDS,
  SESSION_CACHE,
  SESSION_KEY,
  answersCacheName,
  bearerSubject,
  downloadsCacheName,
  fileKey,
} from '@circo/shared-contracts';

/**
 * The account a request is for: its bearer token's, else (a <video> or an <iframe> sends none)
 * the account signed in on this device, which the pages record at sign-in and clear at sign-out.
 */
async function accountOf(request: Request): Promise<string | null> {
  const fromToken = bearerSubject(request.headers.get('Authorization'));
  if (fromToken) return fromToken;
  const entry = await caches.match(SESSION_KEY, { cacheName: SESSION_CACHE });
  if (!entry) return null;
  const { userId } = (await entry.json().catch(() => ({}))) as { userId?: unknown };
  return typeof userId === 'string' ? userId : null;
}

/** `promise`, or `undefined` once `seconds` have passed. */
function within<T>(promise: Promise<T>, seconds: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), seconds * 1000);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * A private class file: the downloaded copy when the account has one (keyed by the file, not by
 * its signature, which expires), with the asked range cut from it so that seeking works; else
 * the network.
 */
export async function fileFromDownloads(request: Request): Promise<Response> {
  const account = await accountOf(request);
  if (account) {
    // a match names the cache without creating it (a signed-out account has none)
    const copy = await caches.match(fileKey(request.url), {
      cacheName: downloadsCacheName(account),
      ignoreVary: true,
    });
    if (copy) return request.headers.has('Range') ? createPartialResponse(request, copy) : copy;
  }
  return fetch(request);
}

/**
 * A student-area answer: the network's (kept in the account's cache), or the kept one when the
 * network fails or keeps the student waiting; with neither, the network's failure.
 */
export async function answerFromNetworkOrCache(request: Request): Promise<Response> {
  const account = bearerSubject(request.headers.get('Authorization'));
  if (!account) return fetch(request);
  const cache = await caches.open(answersCacheName(account));
  const network = fetch(request.clone()).then(async (res) => {
    if (res.ok) await cache.put(request, res.clone());
    return res;
  });
  // answered from the cache meanwhile: a later failure is no one's to see
  network.catch(() => undefined);
  const kept = () => cache.match(request, { ignoreVary: true });
  try {
    const res = await within(network, ANSWER_NETWORK_TIMEOUT_SECONDS);
    if (res) return res;
  } catch (err) {
    const copy = await kept();
    if (copy) return copy;
    throw err;
  }
  return (await kept()) ?? network;
}

/** A page: the server's while it answers, else the shell, which renders the page in the browser. */
export async function pageOrShell(
  request: Request,
  preloaded: Promise<Response | undefined> | undefined,
  shell: () => Promise<Response | undefined>,
): Promise<Response> {
  // the page's request was sent while the worker started (navigation preload): no second wait
  const network = Promise.resolve(preloaded)
    .catch(() => undefined)
    .then((res) => res ?? fetch(request));
  network.catch(() => undefined);
  try {
    const res = await within(network, ANSWER_NETWORK_TIMEOUT_SECONDS);
    if (res) return res;
  } catch (err) {
    const page = await shell();
    if (page) return page;
    throw err;
  }
  return (await shell()) ?? network;
}
