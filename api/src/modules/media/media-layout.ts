import { randomUUID } from 'node:crypto';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

// The one place that knows the local storage layout (see media.module.ts):
//   $DATA_DIR/uploads/public/<publicId>    images anyone may load (GET /api/files/public/<publicId>)
//   $DATA_DIR/uploads/private/<publicId>   class PDFs and videos, only through signed links
// A publicId is generated here (`<folder>/<uuid>.<ext>`), never taken from a client's file name.

export type Visibility = 'public' | 'private';

/** The folders a publicId starts with, by what is stored. */
export const MEDIA_FOLDERS = {
  pdf: 'pdfs',
  video: 'videos',
  image: 'ImagenesCursos',
  /** students' practice clips and the teacher's voice notes on them, always private */
  practice: 'practice',
} as const;
export type MediaFolderKind = keyof typeof MEDIA_FOLDERS;

/** Extensions accepted per kind, with the Content-Type they are served with. */
export const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** `<folder>/<name>.<ext>`: one folder level, ASCII names, a known extension, no dot segments. */
const PUBLIC_ID =
  /^(pdfs|videos|ImagenesCursos|practice)\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.([a-z0-9]{2,5})$/;

/** Whether `value` is a publicId of the local layout (so it can be mapped to a file). */
export function isLocalPublicId(value: string): boolean {
  const m = PUBLIC_ID.exec(value);
  return !!m && m[2] in CONTENT_TYPES;
}

/** A fresh publicId for a file of `kind` with extension `ext` (lower-cased, from the checked type). */
export function newPublicId(kind: MediaFolderKind, ext: string): string {
  const e = ext.toLowerCase().replace(/^\./, '');
  if (!(e in CONTENT_TYPES)) throw new Error(`Unsupported media extension: ${ext}`);
  return `${MEDIA_FOLDERS[kind]}/${randomUUID()}.${e}`;
}

/** The Content-Type of a stored file, by its publicId's extension. */
export function contentTypeOf(publicId: string): string {
  const ext = publicId.slice(publicId.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** `$DATA_DIR/uploads` */
export const uploadsRoot = (dataDir: string): string => resolve(dataDir, 'uploads');

/**
 * The absolute path of a stored file, or null when the publicId is not of the layout or would
 * leave its folder (checked again after resolving, whatever the pattern lets through).
 */
export function filePathOf(
  dataDir: string,
  visibility: Visibility,
  publicId: string,
): string | null {
  if (!isLocalPublicId(publicId)) return null;
  const folder = join(uploadsRoot(dataDir), visibility);
  const full = resolve(folder, publicId);
  const rel = relative(folder, full);
  if (!rel || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null;
  return full;
}
