/// <reference lib="webworker" />
// The one service worker, at /sw.js with scope / (the remotes are served from this origin, so it
// covers them too). Built from the shell's build by serwist's InjectManifest, which writes the
// shell's files into `self.__SW_MANIFEST`.
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  type PrecacheEntry,
  type RuntimeCaching,
} from 'serwist';
import {
  CHUNKS_CACHE,
  ENTRIES_CACHE,
  ENTRY_NETWORK_TIMEOUT_SECONDS,
  PUBLIC_ANSWERS_CACHE,
  isEntryPath,
  isHashedAssetPath,
  isPrivateFilePath,
  isPublicStartPath,
  isStudentAnswerPath,
} from '@circo/shared-contracts';
import { answerFromNetworkOrCache, fileFromDownloads, pageOrShell } from './handlers';

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;
// the server's answers vary on Origin (and the content on Authorization), which the same file
// asked by the page, the runtime or a download does not always send alike
const matchOptions = { ignoreVary: true };

const runtimeCaching: RuntimeCaching[] = [
  // a downloaded class file, whatever its (expired) signature; ranges cut from the cached copy
  {
    matcher: ({ url, request }) =>
      sameOrigin(url) && request.method === 'GET' && isPrivateFilePath(url.pathname),
    handler: ({ request }) => fileFromDownloads(request),
  },
  // the student area's answers, kept per account, for the pages that open with no network
  {
    matcher: ({ url, request }) =>
      sameOrigin(url) && request.method === 'GET' && isStudentAnswerPath(url.pathname),
    handler: ({ request }) => answerFromNetworkOrCache(request),
  },
  {
    matcher: ({ url, request }) =>
      sameOrigin(url) && request.method === 'GET' && isPublicStartPath(url.pathname),
    handler: new NetworkFirst({
      cacheName: PUBLIC_ANSWERS_CACHE,
      networkTimeoutSeconds: ENTRY_NETWORK_TIMEOUT_SECONDS,
      matchOptions,
    }),
  },
  // a release changes these under the same name: never an old one while the network answers
  // (a stale entry asks for chunks that are gone: ChunkLoadError)
  {
    matcher: ({ url }) => sameOrigin(url) && isEntryPath(url.pathname),
    handler: new NetworkFirst({
      cacheName: ENTRIES_CACHE,
      networkTimeoutSeconds: ENTRY_NETWORK_TIMEOUT_SECONDS,
      matchOptions,
    }),
  },
  {
    matcher: ({ url }) => sameOrigin(url) && isHashedAssetPath(url.pathname),
    handler: new CacheFirst({
      cacheName: CHUNKS_CACHE,
      matchOptions,
      plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 90 })],
    }),
  },
  // pages: the server's page while it answers, else the cached shell (which renders in the browser)
  {
    matcher: ({ request, url }) =>
      request.mode === 'navigate' && sameOrigin(url) && !url.pathname.startsWith('/api/'),
    handler: ({ request, event }) =>
      pageOrShell(request, (event as FetchEvent).preloadResponse, () =>
        serwist.matchPrecache('/index.html'),
      ),
  },
];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    // '/' is the server's home page, never the precached index.html of the shell
    directoryIndex: null,
    cleanURLs: false,
    // only old precaches go: the downloads and the answers are not this worker's to delete
    cleanupOutdatedCaches: true,
  },
  // a new worker waits until the student accepts or the next full load (the "new version" notice)
  skipWaiting: false,
  // the first worker takes the open page at once (a download started on a first visit goes
  // through it); a new one waits as said above
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching,
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

serwist.addEventListeners();
