// Practice offline: the names the service worker (shell/src/sw/) and the pages share. The worker
// answers from Cache Storage what the pages put there, so both must agree on every cache's name
// and on the key of every entry.
import type { ItemType } from '../api/catalog.js';

/** The caches that belong to one account: its answers of the student area and its downloads. */
export const OFFLINE_CACHE_PREFIX = 'circo-offline-';
export const ANSWERS_CACHE_PREFIX = 'circo-answers-';

/** The downloaded files (videos, PDFs) and the records of what was downloaded, of one account. */
export const downloadsCacheName = (userId: string): string =>
  `${OFFLINE_CACHE_PREFIX}${userId.toLowerCase()}`;

/** The student area's last API answers of one account (My Courses, a course, a class). */
export const answersCacheName = (userId: string): string =>
  `${ANSWERS_CACHE_PREFIX}${userId.toLowerCase()}`;

/** Public answers the start needs (config, site content), the same for every visitor. */
export const PUBLIC_ANSWERS_CACHE = 'circo-public-answers';
/** remoteEntry.js, mf-manifest.json and /remotes.json, network first. */
export const ENTRIES_CACHE = 'circo-entries';
/** Content-hashed chunks of the shell and the remotes, cache first. */
export const CHUNKS_CACHE = 'circo-chunks';
/** Who is signed in on this device: the worker serves that account's caches only. */
export const SESSION_CACHE = 'circo-session';
export const SESSION_KEY = '/offline/session';

/** How long the worker waits for the network before it answers an entry file from the cache. */
export const ENTRY_NETWORK_TIMEOUT_SECONDS = 3;
/** The same for the student area's answers and the pages. */
export const ANSWER_NETWORK_TIMEOUT_SECONDS = 5;

/**
 * A private file's cache key: its address without the query. A signed link (`?exp=&sig=`)
 * expires and the next one differs, while the file stays the same.
 */
export function fileKey(url: string): string {
  const u = new URL(url);
  return u.origin + u.pathname;
}

/** The record of one downloaded course or formation, kept beside its files. */
export const downloadRecordKey = (origin: string, kind: ItemType, id: string): string =>
  `${origin}/offline/downloads/${kind}/${id.toLowerCase()}`;
export const DOWNLOAD_RECORDS_PATH = '/offline/downloads/';

export interface DownloadedFile {
  /** fileKey() of the file */
  key: string;
  bytes: number;
  kind: 'video' | 'pdf';
  classId: string;
}

export interface DownloadRecord {
  kind: ItemType;
  id: string;
  /** the item's title in each language, for My Courses with no network */
  title: Partial<Record<'es' | 'en' | 'fr', string>>;
  /** the language whose files were taken */
  lang: 'es' | 'en' | 'fr';
  /** ISO instant */
  downloadedAt: string;
  /** classes taken whole (every video and PDF), for "Available offline" per class */
  classIds: string[];
  files: DownloadedFile[];
  /** videos whose provider gives no file (Vimeo without file links, YouTube): online only */
  onlineOnly: number;
  bytes: number;
}

/**
 * The private files routes: `/api/files/private/<publicId>` (a publicId such as
 * `videos/<id>.mp4`) and a student's stamped copy of a class PDF, `/api/files/stamped/<publicId>`
 * (its `?u=` is the account whose caches hold it).
 */
export const isPrivateFilePath = (path: string): boolean =>
  /^\/api\/files\/(private|stamped)\/[^?#]+$/.test(path) && !path.includes('..');

/**
 * The API GETs of the student area whose last answer the worker keeps (per account) for the
 * pages that open with no network: the session's profile, My Courses, a course or formation, a
 * class, its media links, the player's settings, resume positions and the practice log.
 */
const ANSWER_PATHS = [
  /^\/api\/auth\/perfil$/,
  /^\/api\/learning\/(my-items|courses\/[^/]+|formations\/[^/]+)$/,
  /^\/api\/learning\/(practice-preferences|practice-log|classes\/[^/]+\/position)$/,
  /^\/api\/classes\/[^/]+$/,
  /^\/api\/upload\/video\/[^/]+\/\d+\/[a-z]{2}$/,
  /^\/api\/cloudinary\/(privado|pdf-curso-privado)\/[^/]+\/\d+\/[a-z]{2}$/,
  /^\/api\/users\/me\/preferences$/,
];
export const isStudentAnswerPath = (path: string): boolean =>
  ANSWER_PATHS.some((re) => re.test(path));

/** Public answers the shell's start reads when its page carries none (a page with no network). */
export const isPublicStartPath = (path: string): boolean =>
  path === '/api/config' || path === '/api/content';

/** A remote's entry or manifest, or the remotes map: what a release changes under one name. */
export const isEntryPath = (path: string): boolean =>
  path === '/remotes.json' || /^\/remotes\/[^/]+\/(remoteEntry\.js|mf-manifest\.json)$/.test(path);

/** A content-hashed build file (`name.0123abcd.js`): it never changes under its name. */
export const isHashedAssetPath = (path: string): boolean =>
  /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg|jpe?g|webp)$/.test(path) && !path.startsWith('/api/');

/** The account id of a bearer token (its `sub`), read without checking it: a cache's name only. */
export function bearerSubject(authorization: string | null): string | null {
  const m = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]*$/.exec(authorization ?? '');
  if (!m) return null;
  try {
    const b64 = m[2]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub)
      ? claims.sub.toLowerCase()
      : null;
  } catch {
    return null;
  }
}
