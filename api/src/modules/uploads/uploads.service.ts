import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  UPLOAD_ERRORS,
  type UploadedFileResponse,
  type UploadedVideoResponse,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError, notFound } from '../../common/errors/app-error.js';
import { JobHandler, JobsService, type JobPayload } from '../jobs/index.js';
import { TransactionHost } from '../../database/transactions.js';
import {
  MediaStores,
  StampedPdfService,
  newPublicId,
  readFrameRate,
  type MediaStore,
} from '../media/index.js';
import type { ReceivedFile, UploadKind } from './received-file.js';
import { UploadsRepository } from './uploads.repository.js';
import type { ResourceType, UploadedAssetRow } from '../../database/tables/uploads.table.js';

/** The job kinds of this module: removing stored files, and the orphan sweep. */
export const REMOVE_FILES_JOB = 'uploads.remove-files';
export const SWEEP_JOB = 'uploads.sweep';

/** What removing a stored file needs to know (the row itself is gone by then). */
export type StoredFile = Pick<
  UploadedAssetRow,
  'publicId' | 'resourceType' | 'url' | 'private' | 'storage'
>;
const storedFile = ({
  publicId,
  resourceType,
  url,
  private: p,
  storage,
}: StoredFile): StoredFile => ({
  publicId,
  resourceType,
  url,
  private: p,
  storage,
});

const providerFailed = (what: string, err: unknown) =>
  new AppError(
    502,
    UPLOAD_ERRORS.providerFailed,
    `${what} failed: ${String((err as Error)?.message ?? err)}`,
  );
const assetNotFound = () => notFound(UPLOAD_ERRORS.notFound, 'No uploaded file with that id');
const inUse = () =>
  new AppError(
    409,
    UPLOAD_ERRORS.inUse,
    'A saved record still uses this file: remove it there and save',
  );

/** Stores a received file; a provider's failure is answered 502 `uploads.provider_failed`. */
async function putInto(
  store: MediaStore,
  file: ReceivedFile,
  target: Parameters<MediaStore['put']>[1],
) {
  try {
    return await store.put(file.tmpPath, target);
  } catch (err) {
    if (store.name === 'local') throw err;
    throw providerFailed(`The ${store.name === 'vimeo' ? 'Vimeo' : 'Cloudinary'} upload`, err);
  }
}

/**
 * The files admins upload (uploaded_assets): storing them (local disk, Cloudinary, Vimeo; signed
 * direct uploads are DirectUploadsService's), deleting them, and the sweep of files no record points to. Catalogue writes call
 * `discard` with the refs their records stopped pointing to: the rows go in the same transaction,
 * the files once it has committed (a rollback keeps them).
 */
@Injectable()
export class UploadsService implements OnApplicationBootstrap {
  private readonly log = new Logger('Uploads');

  constructor(
    private readonly repo: UploadsRepository,
    private readonly host: TransactionHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly stores: MediaStores,
    private readonly stamped: StampedPdfService,
  ) {}

  @JobHandler(REMOVE_FILES_JOB)
  protected async runRemoveFiles(payload: JobPayload): Promise<void> {
    const failed = await this.removeFiles(payload.files as StoredFile[]);
    if (failed.length > 0) throw new Error(`could not remove ${failed.join(', ')}`);
  }

  @JobHandler(SWEEP_JOB)
  protected async runSweep(): Promise<void> {
    await this.sweep(new Date());
  }

  onApplicationBootstrap(): void {
    const minutes = this.config.uploads.sweepMinutes;
    // one sweep per period across the instances (a scheduled job)
    if (minutes > 0) this.jobs.every(SWEEP_JOB, minutes * 60_000);
  }

  maxBytes(kind: UploadKind): number {
    const u = this.config.uploads;
    return kind === 'pdf' ? u.maxPdfBytes : kind === 'image' ? u.maxImageBytes : u.maxVideoBytes;
  }

  // ------------------------------------------------------------ server-side uploads

  /** A checked PDF or image (course image, public or private PDF), stored and recorded. */
  async storeFile(
    file: ReceivedFile,
    kind: 'pdf' | 'image',
    isPrivate: boolean,
    userId: string,
  ): Promise<UploadedFileResponse> {
    const store = this.stores.files;
    const resourceType: ResourceType = kind === 'pdf' ? 'raw' : 'image';
    try {
      const { publicId, url } = await putInto(store, file, {
        publicId: newPublicId(kind, file.ext),
        resourceType,
        private: isPrivate,
      });
      await this.record(file, publicId, resourceType, url, isPrivate, store.name, userId);
      return { url, public_id: publicId };
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  /** A checked video: to Vimeo (resumable upload) when configured, else the local disk. */
  async storeVideo(
    file: ReceivedFile,
    isPrivate: boolean,
    meta: { title?: string; description?: string },
    userId: string,
  ): Promise<UploadedVideoResponse> {
    const store = this.stores.videos;
    try {
      // read before the file leaves: kept with the media for the player's frame stepping
      const frameRate = await readFrameRate(file.tmpPath);
      const { publicId, url, status } = await putInto(store, file, {
        publicId: newPublicId('video', file.ext),
        resourceType: 'video',
        private: isPrivate,
        ...meta,
      });
      const row = await this.record(
        file,
        publicId,
        'video',
        url,
        isPrivate,
        store.name,
        userId,
        status,
        frameRate,
      );
      // a video its store still processes is polled by the store's id, else by our row's
      const videoId = status === 'processing' ? publicId : row.id;
      return { url, public_id: publicId, videoId, status };
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  /**
   * A checked private media file that another record owns (a student's practice clip, a voice
   * note): stored under `practice/` on the local disk, or on Cloudinary (authenticated delivery)
   * when configured, and NOT recorded in uploaded_assets (its owner's row is the record; the
   * orphan sweep does not look at it). Answers where it is; the temporary file is removed.
   */
  async storePrivateMedia(
    file: ReceivedFile,
  ): Promise<{ storage: 'local' | 'cloudinary'; publicId: string }> {
    const store = this.stores.privateMedia;
    const publicId = newPublicId('practice', file.ext);
    try {
      // the id keeps its extension: a Cloudinary video takes it as its format when delivered
      await putInto(store, file, { publicId, resourceType: 'video', private: true });
      return { storage: store.name, publicId };
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  /**
   * Removes private media stored by `storePrivateMedia` once the open transaction commits (a job
   * written in it: a rollback keeps the files, a crash does not lose the removal).
   */
  async discardPrivateMedia(
    files: ReadonlyArray<{ storage: 'local' | 'cloudinary'; publicId: string }>,
  ): Promise<void> {
    if (files.length === 0) return;
    await this.removeLater(
      files.map((f) => ({
        publicId: f.publicId,
        resourceType: 'video' as const,
        url: '',
        private: true,
        storage: f.storage,
      })),
    );
  }

  // ------------------------------------------------------------ deleting

  /** DELETE /cloudinary/delete: an uploaded file no record uses any more. */
  async deleteFile(publicId: string): Promise<void> {
    const row =
      (await this.repo.findByPublicId(publicId)) ?? (await this.repo.findByUrls([publicId]))[0];
    if (!row || row.resourceType === 'video') throw assetNotFound();
    await this.deleteUnused(row);
  }

  /** POST /upload/delete-video: by the URL the upload answered (or its Vimeo link). */
  async deleteVideo(videoUrl: string): Promise<void> {
    const keys = this.stores.keysOf(videoUrl.trim());
    const rows = [
      ...(await this.repo.findByUrls(keys)),
      ...(await this.repo.findByPublicIds(keys)),
    ];
    const row = rows.find((r) => r.resourceType === 'video');
    if (!row) throw assetNotFound();
    await this.deleteUnused(row);
  }

  private async deleteUnused(row: UploadedAssetRow): Promise<void> {
    const referenced = await this.repo.referencedValues();
    if (this.isReferenced(row, referenced)) throw inUse();
    await this.host.run(async () => {
      await this.repo.deleteByIds([row.id]);
      await this.removeLater([row]);
    });
  }

  /** Writes the job that removes these files once the open transaction commits (retried). */
  private async removeLater(rows: readonly StoredFile[]): Promise<void> {
    await this.jobs.enqueue(
      REMOVE_FILES_JOB,
      { files: rows.map(storedFile) },
      { key: `remove-files:${randomUUID()}` },
    );
  }

  /**
   * Forgets the assets with these public ids or URLs and removes their files after commit, by a
   * job written in the same transaction (a rollback keeps them; a crash does not lose them).
   */
  async discard(refs: readonly string[]): Promise<void> {
    const keys = [...new Set(refs.flatMap((ref) => this.stores.keysOf(ref)))];
    if (keys.length === 0) return;
    const rows = [
      ...(await this.repo.findByPublicIds(keys)),
      ...(await this.repo.findByUrls(keys)),
    ];
    const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
    if (unique.length === 0) return;
    await this.repo.deleteByIds(unique.map((r) => r.id));
    await this.removeLater(unique);
  }

  /**
   * Removes the files no record points to that were uploaded before `now` minus the grace period
   * (a form still open may be about to save them). Answers the public ids removed.
   */
  async sweep(now: Date): Promise<string[]> {
    const cutoff = new Date(now.getTime() - this.config.uploads.orphanGraceHours * 3_600_000);
    const candidates = await this.repo.createdBefore(cutoff);
    if (candidates.length === 0) return [];
    const referenced = await this.repo.referencedValues();
    const orphans = candidates.filter((row) => !this.isReferenced(row, referenced));
    if (orphans.length === 0) return [];
    await this.repo.deleteByIds(orphans.map((r) => r.id));
    await this.removeFiles(orphans);
    this.log.log(`orphan sweep removed ${orphans.length} file(s)`);
    return orphans.map((r) => r.publicId);
  }

  private isReferenced(row: UploadedAssetRow, referenced: Set<string>): boolean {
    const own = new Set([row.publicId, row.url]);
    for (const ref of referenced) if (this.stores.keysOf(ref).some((k) => own.has(k))) return true;
    return false;
  }

  /**
   * Removes stored files (a file already gone counts as removed); a failure is logged and the rest
   * go on. Answers the public ids it could not remove.
   */
  async removeFiles(rows: readonly StoredFile[]): Promise<string[]> {
    const failed: string[] = [];
    for (const row of rows) {
      try {
        await this.stores.of(row.storage).remove(row);
        // the students' stamped copies of a removed PDF go with it
        if (row.resourceType === 'raw') await this.stamped.dropCopies(row.publicId);
      } catch (err) {
        this.log.warn(
          `could not remove ${row.storage} file ${row.publicId}: ${String((err as Error)?.message ?? err)}`,
        );
        failed.push(row.publicId);
      }
    }
    return failed;
  }

  // ------------------------------------------------------------ helpers

  private record(
    file: ReceivedFile,
    publicId: string,
    resourceType: ResourceType,
    url: string,
    isPrivate: boolean,
    storage: UploadedAssetRow['storage'],
    userId: string,
    status = 'available',
    frameRate: number | null = null,
  ): Promise<UploadedAssetRow> {
    return this.repo.insert({
      frameRate,
      publicId,
      resourceType,
      url,
      private: isPrivate,
      storage,
      status,
      contentType: file.contentType,
      sizeBytes: file.size,
      createdBy: userId,
    });
  }
}
