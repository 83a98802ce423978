import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LEARNING_ERRORS } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { notFound } from '../../common/errors/app-error.js';
import { stampPdf } from '../pdf/index.js';
import { rangedAnswer, type RangedAnswer } from './byte-range.js';
import { MediaAssetsRepository } from './media-assets.repository.js';
import { filePathOf, isLocalPublicId } from './media-layout.js';
import { FILE_CSP } from './media-storage.service.js';
import { checkStampedLink, signStampedLink, type LinkCheck } from './signed-links.js';
import { MediaStores } from './stores/media-stores.js';

/** The largest class PDF fetched from Cloudinary to stamp. */
const MAX_PDF_BYTES = 200 * 1024 * 1024;

/** A stamped copy ready to send: status, headers and the bytes (none for a 416). */
export type PdfResponse = RangedAnswer<Buffer>;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A file's bytes answered with one `Range` honoured. */
function bytesResponse(bytes: Uint8Array, rangeHeader: string | undefined): PdfResponse {
  const headers: Record<string, string> = {
    'Content-Type': 'application/pdf',
    'Content-Disposition': 'inline',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILE_CSP,
  };
  return rangedAnswer(rangeHeader, bytes.length, headers, (start, end) =>
    Buffer.from(bytes.subarray(start, end + 1)),
  );
}

/**
 * The students' stamped copies of class PDFs: each page carries a line with the student's name,
 * e-mail and the date the copy was made (`stampPdf`); the stored file is never changed and the
 * admin's preview is the original. A copy is kept per file and student under
 * `$DATA_DIR/stamped/<hash of the publicId>/<userId>-<hash of the file's bytes>.pdf`, so a file
 * that changes gets new copies (the old ones are dropped when the new one is written), and a file
 * removed takes its copies with it (`dropCopies`). Local files are read from the disk; Cloudinary
 * ones are fetched through their signed download URL, then stamped the same way. A PDF that cannot
 * be stamped (encrypted, corrupt) is served as it is, with a log line.
 */
@Injectable()
export class StampedPdfService {
  private readonly logger = new Logger('StampedPdf');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly assets: MediaAssetsRepository,
    private readonly stores: MediaStores,
  ) {}

  /** The signed link of `userId`'s copy of a private PDF and when it expires. */
  link(publicId: string, userId: string, nowMs = Date.now()): { url: string; expiresAt: string } {
    const exp = Math.floor(nowMs / 1000) + this.config.mediaLinkTtlSeconds;
    return {
      url: signStampedLink(this.config.mediaSigningKey, publicId, userId, exp),
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /** Checks a copy's link: its student, expiry and signature. */
  check(
    publicId: string,
    userId: unknown,
    exp: unknown,
    sig: unknown,
    nowMs = Date.now(),
  ): LinkCheck {
    return checkStampedLink(this.config.mediaSigningKey, publicId, userId, exp, sig, nowMs);
  }

  /**
   * `userId`'s stamped copy of the PDF `publicId`, made now with `line` unless it is kept already.
   * 404 when the file is not there.
   */
  async open(
    publicId: string,
    userId: string,
    line: (date: string) => string,
    rangeHeader: string | undefined,
  ): Promise<PdfResponse> {
    const original = await this.original(publicId);
    const dir = this.dirOf(publicId);
    const file = join(dir, `${userId}-${sha256(original).slice(0, 24)}.pdf`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return bytesResponse(kept, rangeHeader);
    const result = await stampPdf(original, line(new Date().toISOString().slice(0, 10)));
    if (!result.stamped) {
      this.logger.warn(`class PDF ${publicId} served unstamped: ${result.reason}`);
      return bytesResponse(original, rangeHeader);
    }
    await this.keep(dir, file, userId, result.bytes);
    return bytesResponse(result.bytes, rangeHeader);
  }

  /** Removes every stamped copy of a file (the file was removed or replaced). */
  async dropCopies(publicId: string): Promise<void> {
    await rm(this.dirOf(publicId), { recursive: true, force: true });
  }

  private dirOf(publicId: string): string {
    return join(this.config.dataDir, 'stamped', sha256(publicId).slice(0, 32));
  }

  /** Writes the copy (whole or not at all) and drops the student's copies of older versions. */
  private async keep(dir: string, file: string, userId: string, bytes: Uint8Array): Promise<void> {
    try {
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      const name = file.slice(dir.length + 1);
      for (const other of await readdir(dir)) {
        if (other.startsWith(`${userId}-`) && other !== name) {
          await rm(join(dir, other), { force: true });
        }
      }
    } catch (err) {
      // a copy not kept is made again next time: the student still gets this one
      this.logger.warn(`a stamped copy was not kept: ${(err as Error).message}`);
    }
  }

  /** The stored PDF's bytes, wherever it is kept. */
  private async original(publicId: string): Promise<Buffer> {
    const asset = await this.assets.byPublicId(publicId);
    const storage = asset?.storage ?? (isLocalPublicId(publicId) ? 'local' : 'cloudinary');
    if (storage === 'cloudinary' && this.stores.cloudinary.configured) {
      return this.stores.cloudinary.fetchPrivate(publicId, 'raw', Date.now(), MAX_PDF_BYTES);
    }
    const path = storage === 'local' ? filePathOf(this.config.dataDir, 'private', publicId) : null;
    const bytes = path ? await readFile(path).catch(() => null) : null;
    if (!bytes) throw notFound(LEARNING_ERRORS.fileNotFound, 'File not found');
    return bytes;
  }
}
