// "Download for offline practice": a course or formation (or one of its classes) with its class
// videos and PDFs, its structure and the player's settings, kept in Cache Storage under the
// account's caches, which the service worker answers from when the network is gone
// (shell/src/sw/). The answers are kept under the very addresses the pages ask for. It lives in
// the student area's own code, so no other page loads it.
import {
  CHUNKS_CACHE,
  DOWNLOAD_RECORDS_PATH,
  ENTRIES_CACHE,
  LEARNING_PATHS,
  PRACTICE_PATHS,
  PUBLIC_ANSWERS_CACHE,
  answersCacheName,
  downloadRecordKey,
  downloadsCacheName,
  fileKey,
  type ClassDetail,
  type DownloadRecord,
  type DownloadedFile,
  type ItemType,
  type Lang,
  type MyCourseResponse,
  type MyFormationResponse,
  type PrivateMediaResponse,
  type PrivateVideoResponse,
} from '@circo/shared-contracts';
import { useSessionStore } from '@circo/shared-web';

/** Cache Storage is there (a secure page of a browser that has it). */
export const offlineSupported = (): boolean => typeof caches !== 'undefined';

const origin = () => window.location.origin;

/** Fetches an API answer with the session and keeps it in the account's answers cache. */
async function keepAnswer<T>(userId: string, path: string, query?: Record<string, string>) {
  const url = new URL(`/api${path}`, origin());
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const token = useSessionStore.getState().token;
  const res = await fetch(url, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${url.pathname} answered ${res.status}`);
  await (await caches.open(answersCacheName(userId))).put(url.href, res.clone());
  return (await res.json()) as T;
}

export interface PlannedFile extends DownloadedFile {
  /** the signed link to fetch it with now */
  url: string;
}

/** What a download takes, worked out (and its answers kept) before any file is fetched. */
export interface DownloadPlan {
  record: Omit<DownloadRecord, 'downloadedAt' | 'files' | 'bytes'>;
  files: PlannedFile[];
  /** the bytes still to fetch (files already downloaded are not fetched again) */
  bytes: number;
}

async function sizeOf(url: string): Promise<number> {
  const res = await fetch(url, { method: 'HEAD' });
  return Number(res.headers.get('Content-Length') ?? 0) || 0;
}

/**
 * The file a class video is downloaded from: a local video's own link, or a Vimeo video's file
 * where the account gives file links (`offlineFile`, our signed link); null: online only.
 */
export function videoFileOf(link: PrivateVideoResponse): string | null {
  if (link.status !== 'available') return null;
  if (link.provider === 'local') return link.url;
  return link.provider === 'vimeo' ? (link.offlineFile?.url ?? null) : null;
}

const classIdsOf = (kind: ItemType, data: MyCourseResponse | MyFormationResponse): string[] =>
  kind === 'course'
    ? (data as MyCourseResponse).classes.map((c) => c._id)
    : (data as MyFormationResponse).modules.flatMap((m) => m.classes.map((c) => c._id));

/**
 * Works out a download of `kind` `id` in `lang` (every class, or `classId` only): keeps the item's
 * structure, each class, its media links, the player's settings and My Courses as answers, and
 * lists the files with their sizes.
 */
export async function planDownload(o: {
  userId: string;
  kind: ItemType;
  id: string;
  lang: Lang;
  classId?: string;
}): Promise<DownloadPlan> {
  const { userId, kind, id, lang } = o;
  const itemPath = kind === 'course' ? LEARNING_PATHS.course(id) : LEARNING_PATHS.formation(id);
  const data = await keepAnswer<MyCourseResponse | MyFormationResponse>(userId, itemPath, { lang });
  await Promise.all([
    keepAnswer(userId, LEARNING_PATHS.myItems, { lang }),
    keepAnswer(userId, '/auth/perfil'),
    keepAnswer(userId, PRACTICE_PATHS.preferences),
  ]);
  const item =
    kind === 'course' ? (data as MyCourseResponse).course : (data as MyFormationResponse).formation;
  const classIds = o.classId ? [o.classId] : classIdsOf(kind, data);
  const files: PlannedFile[] = [];
  let onlineOnly = 0;
  for (const classId of classIds) {
    const cls = await keepAnswer<ClassDetail>(userId, LEARNING_PATHS.classDetail(classId), {
      lang,
    });
    await keepAnswer(userId, PRACTICE_PATHS.position(classId)).catch(() => undefined);
    for (const [index, v] of cls.videos.entries()) {
      if (!v.hasFile[lang]) continue;
      const link = await keepAnswer<PrivateVideoResponse>(
        userId,
        LEARNING_PATHS.video(classId, index, lang),
      );
      const file = videoFileOf(link);
      if (!file) {
        onlineOnly += 1;
        continue;
      }
      files.push({
        url: file,
        key: fileKey(new URL(file, origin()).href),
        bytes: 0,
        kind: 'video',
        classId,
      });
    }
    for (const [index, p] of cls.pdfs.entries()) {
      if (!p.hasFile[lang]) continue;
      const path =
        kind === 'course'
          ? LEARNING_PATHS.coursePdf(classId, index, lang)
          : LEARNING_PATHS.formationPdf(classId, index, lang);
      const link = await keepAnswer<PrivateMediaResponse>(userId, path);
      files.push({
        url: link.url,
        key: fileKey(new URL(link.url, origin()).href),
        bytes: 0,
        kind: 'pdf',
        classId,
      });
    }
  }
  const cache = await downloadsCache(userId);
  let bytes = 0;
  for (const f of files) {
    f.bytes = await sizeOf(f.url);
    if (!(await cache?.match(f.key))) bytes += f.bytes;
  }
  return {
    record: { kind, id, title: item.title, lang, classIds, onlineOnly },
    files,
    bytes,
  };
}

/** The bytes this site may still store on the device, when the browser tells. */
export async function storageLeft(): Promise<number | null> {
  const est = await navigator.storage?.estimate?.();
  return est?.quota !== undefined ? Math.max(0, est.quota - (est.usage ?? 0)) : null;
}

/** Fetches one file whole (reporting its bytes as they arrive) and keeps it under its key. */
async function fetchFile(cache: Cache, f: PlannedFile, onBytes: (n: number) => void) {
  const res = await fetch(f.url);
  if (!res.ok || !res.body) throw new Error(`a class file answered ${res.status}`);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    onBytes(value.byteLength);
  }
  const blob = new Blob(parts as BlobPart[], {
    type: res.headers.get('Content-Type') ?? 'application/octet-stream',
  });
  await cache.put(
    f.key,
    new Response(blob, {
      headers: {
        'Content-Type': blob.type,
        'Content-Length': String(blob.size),
        'Accept-Ranges': 'bytes',
      },
    }),
  );
  return blob.size;
}

/**
 * The code the student area runs (the learning remote's entry, manifest and every chunk), kept
 * where the service worker looks for it, so the pages open with no network.
 */
async function keepLearningCode(): Promise<void> {
  const remotes = (await (await fetch('/remotes.json')).json()) as Record<
    string,
    string | { entry: string }
  >;
  const value = remotes.mf_learning;
  const manifestUrl = new URL(typeof value === 'string' ? value : value.entry, origin()).href;
  const manifest = (await (await fetch(manifestUrl)).json()) as {
    metaData?: { remoteEntry?: { name?: string; path?: string } };
    exposes?: Array<{ assets?: Record<string, { sync?: string[]; async?: string[] }> }>;
    shared?: Array<{ assets?: Record<string, { sync?: string[]; async?: string[] }> }>;
  };
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const assets = new Set<string>();
  for (const part of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of Object.values(part.assets ?? {})) {
      for (const f of [...(kind.sync ?? []), ...(kind.async ?? [])]) assets.add(base + f);
    }
  }
  const entry = manifest.metaData?.remoteEntry;
  const entryUrl =
    base +
    (entry?.path ? `${entry.path.replace(/\/$/, '')}/` : '') +
    (entry?.name ?? 'remoteEntry.js');
  const entries = await caches.open(ENTRIES_CACHE);
  await entries.addAll(['/remotes.json', manifestUrl, entryUrl]);
  const chunks = await caches.open(CHUNKS_CACHE);
  for (const url of assets) if (!(await chunks.match(url))) await chunks.add(url);
  const lang = document.documentElement.lang || 'es';
  await (
    await caches.open(PUBLIC_ANSWERS_CACHE)
  ).addAll(['/api/config', `/api/content?lang=${lang}`]);
}

/** Runs a planned download: progress in bytes, the record kept once every file is in. */
export async function runDownload(
  userId: string,
  plan: DownloadPlan,
  onProgress: (done: number, total: number) => void,
): Promise<DownloadRecord> {
  // a download the browser should not evict under storage pressure (it may say no)
  await navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(downloadsCacheName(userId));
  let done = 0;
  onProgress(0, plan.bytes);
  for (const f of plan.files) {
    if (await cache.match(f.key)) continue;
    f.bytes = await fetchFile(cache, f, (n) => onProgress((done += n), plan.bytes));
  }
  await keepLearningCode();
  const before = await downloadRecord(userId, plan.record.kind, plan.record.id);
  const files = [
    ...(before?.files ?? []).filter((f) => !plan.files.some((p) => p.key === f.key)),
    ...plan.files.map(({ key, bytes, kind, classId }) => ({ key, bytes, kind, classId })),
  ];
  const record: DownloadRecord = {
    ...plan.record,
    classIds: [...new Set([...(before?.classIds ?? []), ...plan.record.classIds])],
    onlineOnly: Math.max(before?.onlineOnly ?? 0, plan.record.onlineOnly),
    downloadedAt: new Date().toISOString(),
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
  };
  await cache.put(
    downloadRecordKey(origin(), record.kind, record.id),
    new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }),
  );
  return record;
}

/**
 * The account's downloads cache when there is one: reading never creates it (a sign-out deletes
 * it while the page may still ask).
 */
async function downloadsCache(userId: string): Promise<Cache | null> {
  if (!offlineSupported() || !userId) return null;
  const name = downloadsCacheName(userId);
  return (await caches.has(name)) ? caches.open(name) : null;
}

/** Whether the file at `url` (a signed link) is in the account's downloads. */
export async function isDownloaded(userId: string, url: string): Promise<boolean> {
  const cache = await downloadsCache(userId);
  return !!(await cache?.match(fileKey(new URL(url, origin()).href)));
}

/** The account's downloaded items. */
export async function downloadRecords(userId: string): Promise<DownloadRecord[]> {
  const cache = await downloadsCache(userId);
  if (!cache) return [];
  const keys = (await cache.keys()).filter((r) =>
    new URL(r.url).pathname.startsWith(DOWNLOAD_RECORDS_PATH),
  );
  const records = await Promise.all(
    keys.map(async (k) => (await (await cache.match(k))?.json()) as DownloadRecord),
  );
  return records.filter(Boolean).sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

export async function downloadRecord(
  userId: string,
  kind: ItemType,
  id: string,
): Promise<DownloadRecord | null> {
  const cache = await downloadsCache(userId);
  if (!cache) return null;
  const res = await cache.match(downloadRecordKey(origin(), kind, id));
  return res ? ((await res.json()) as DownloadRecord) : null;
}

/** Deletes a download: its files (those no other download shares), its record, its answers. */
export async function deleteDownload(userId: string, kind: ItemType, id: string): Promise<void> {
  const record = await downloadRecord(userId, kind, id);
  const cache = await downloadsCache(userId);
  if (!record || !cache) return;
  const others = (await downloadRecords(userId)).filter((r) => !(r.kind === kind && r.id === id));
  const shared = new Set(others.flatMap((r) => r.files.map((f) => f.key)));
  for (const f of record.files) if (!shared.has(f.key)) await cache.delete(f.key);
  await cache.delete(downloadRecordKey(origin(), kind, id));
  const answers = await caches.open(answersCacheName(userId));
  // the item's answers and its classes' go with it
  for (const req of await answers.keys()) {
    const path = new URL(req.url).pathname;
    if (path.includes(id) || record.classIds.some((c) => path.includes(c)))
      await answers.delete(req);
  }
}

/** Removes the downloads of items the account no longer has active access to. */
export async function pruneDownloads(
  userId: string,
  active: Array<{ type: ItemType; _id: string }>,
): Promise<void> {
  const keep = new Set(active.map((i) => `${i.type}:${i._id.toLowerCase()}`));
  for (const r of await downloadRecords(userId)) {
    if (!keep.has(`${r.kind}:${r.id.toLowerCase()}`)) await deleteDownload(userId, r.kind, r.id);
  }
}
