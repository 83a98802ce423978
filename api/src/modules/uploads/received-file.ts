import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { COMMON_ERRORS, UPLOAD_ERRORS } from '@circo/shared-contracts';
import { AppError, badRequest } from '../../common/errors/app-error.js';
import { uploadsRoot } from '../media/index.js';

/** What an upload call takes, judged by the file's bytes (never its name or declared type). */
export type UploadKind = 'pdf' | 'image' | 'video' | 'audio';

/** Extensions file-type may find per kind, with the extension the file is stored under. */
const ACCEPTED: Record<UploadKind, Record<string, string>> = {
  pdf: { pdf: 'pdf' },
  // no SVG: it is script-capable text, not an image by its bytes
  image: { jpg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' },
  video: { mp4: 'mp4', m4v: 'mp4', mov: 'mov', webm: 'webm' },
  // a voice note recorded in the browser: WebM/Opus (Chromium, Firefox) or MP4/AAC (Safari)
  audio: { webm: 'webm', m4a: 'm4a', mp4: 'm4a' },
};

const KIND_NAMES: Record<UploadKind, string> = {
  pdf: 'a PDF',
  image: 'a JPEG, PNG, WebP or GIF image',
  video: 'an MP4, MOV or WebM video',
  audio: 'a WebM or MP4 audio recording',
};

/** A file part streamed to a temporary file (never held in memory). */
export interface ReceivedFile {
  tmpPath: string;
  size: number;
  /** Checked by the bytes: the extension it is stored under. */
  ext: string;
  contentType: string;
}

export interface ReceivedUpload {
  file: ReceivedFile;
  fields: Record<string, string>;
}

export const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    UPLOAD_ERRORS.tooLarge,
    `The file is larger than the limit of ${Math.floor(maxBytes / 1_048_576) || maxBytes + ' bytes'}${maxBytes >= 1_048_576 ? ' MB' : ''}`,
    { data: { maxBytes } },
  );

/** Temporary files of uploads in progress: `$DATA_DIR/uploads/tmp` (same disk: a rename stores them). */
export const tmpDir = (dataDir: string) => join(uploadsRoot(dataDir), 'tmp');

/**
 * Reads a multipart request: the part named `fileField` is streamed to a temporary file (at most
 * `maxBytes`, else 413) and checked by its bytes to be of `kind` (else 415); text fields are
 * collected. The caller moves or removes `file.tmpPath`.
 */
export async function receiveUpload(
  req: FastifyRequest,
  dataDir: string,
  fileField: string,
  kind: UploadKind | ((fields: Record<string, string>) => UploadKind),
  maxBytes: number | ((kind: UploadKind) => number),
  cap = typeof maxBytes === 'number' ? maxBytes : 0,
): Promise<ReceivedUpload> {
  if (!req.isMultipart()) {
    throw new AppError(
      415,
      COMMON_ERRORS.unsupportedMediaType,
      'Send the file as multipart/form-data',
    );
  }
  const dir = tmpDir(dataDir);
  await mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let tmpPath: string | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: cap, files: 1, fields: 20, fieldSize: 100_000, parts: 21 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || tmpPath) {
          part.file.resume();
          continue;
        }
        tmpPath = join(dir, randomUUID());
        await pipeline(part.file, createWriteStream(tmpPath));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (tmpPath) await rm(tmpPath, { force: true });
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(cap);
    throw badRequest(
      COMMON_ERRORS.badRequest,
      `The multipart body could not be read (${code ?? 'malformed'})`,
    );
  }
  if (!tmpPath) {
    throw badRequest(UPLOAD_ERRORS.fileMissing, `The "${fileField}" file is missing`, fileField);
  }
  const path = tmpPath;
  try {
    const size = (await stat(path)).size;
    const judged = typeof kind === 'function' ? kind(fields) : kind;
    const limit = typeof maxBytes === 'function' ? maxBytes(judged) : maxBytes;
    if (size > limit) throw tooLarge(limit);
    const file = await checkKind(path, judged);
    return { file: { ...file, tmpPath: path, size }, fields };
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}

/** The stored extension and type of a file, when its bytes are of `kind`; 415 otherwise. */
export async function checkKind(
  path: string,
  kind: UploadKind,
): Promise<{ ext: string; contentType: string }> {
  const found = await fileTypeFromFile(path);
  const ext = found ? ACCEPTED[kind][found.ext] : undefined;
  if (!found || !ext) {
    throw new AppError(
      415,
      UPLOAD_ERRORS.wrongType,
      `The file is not ${KIND_NAMES[kind]}${found ? ` (its content is ${found.mime})` : ''}`,
    );
  }
  return { ext, contentType: found.mime };
}
