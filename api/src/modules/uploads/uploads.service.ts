import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import cloudinary from 'cloudinary';
import {
  COMMON_ERRORS,
  DIRECT_UPLOAD_FOLDERS,
  UPLOAD_ERRORS,
  type DirectUploadFolder,
  type DirectUploadResponse,
  type SignatureResponse,
  type UploadedFileResponse,
  type UploadedVideoResponse,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError, badRequest, notFound } from '../../common/errors/app-error.js';
import { JobsService } from '../jobs/index.js';
import { TransactionHost } from '../../database/transactions.js';
import {
  parseCloudinaryUrl,
  readFrameRate,
  filePathOf,
  newPublicId,
  VimeoClient,
  vimeoIdOf,
} from '../media/index.js';
import {
  CloudinaryUploader,
  cloudinaryPublicIdOf,
  type DeliveryType,
} from './cloudinary-uploader.js';
import { isPublicId, publicFileUrl, removeLocal } from './local-storage.js';
import type { ReceivedFile, UploadKind } from './received-file.js';
import { UploadsRepository } from './uploads.repository.js';
import type { ResourceType, UploadedAssetRow } from '../../database/tables/uploads.table.js';

/** A direct upload's signature is good for an hour, as Cloudinary's is. */
const SIGNATURE_WINDOW_S = 3600;
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
/** The status of a signed direct upload whose file has not arrived yet. */
const PENDING = 'pending';

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
const signatureInvalid = (why: string) => new AppError(401, UPLOAD_ERRORS.signatureInvalid, why);

const stripExt = (publicId: string) => publicId.replace(/\.[a-z0-9]+$/, '');

/** The private-file URL we record for a local private file (served only through signed links). */
const privateFileUrl = (publicId: string) => `/api/files/private/${publicId}`;

/** Every way a record may name an asset: the value itself and the public id inside a URL. */
function refKeys(ref: string): string[] {
  const keys = [ref];
  const local = /^\/api\/files\/(?:public|private)\/([^?]+)/.exec(ref)?.[1];
  if (local) keys.push(decodeURIComponent(local));
  const remote = cloudinaryPublicIdOf(ref);
  if (remote) keys.push(remote);
  const vimeo = vimeoIdOf(ref);
  if (vimeo) keys.push(vimeo);
  return keys;
}

/**
 * The files admins upload (uploaded_assets): storing them (local disk, Cloudinary, Vimeo), signed
 * direct uploads, deleting them, and the sweep of files no record points to. Catalogue writes call
 * `discard` with the refs their records stopped pointing to: the rows go in the same transaction,
 * the files once it has committed (a rollback keeps them).
 */
@Injectable()
export class UploadsService implements OnApplicationBootstrap {
  private readonly log = new Logger('Uploads');
  private readonly cloudinary: CloudinaryUploader | null;
  private readonly vimeo: VimeoClient | null;

  constructor(
    private readonly repo: UploadsRepository,
    private readonly host: TransactionHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {
    const creds = config.cloudinaryUrl ? parseCloudinaryUrl(config.cloudinaryUrl) : null;
    this.cloudinary = creds ? new CloudinaryUploader(creds, config.cloudinaryApiUrl) : null;
    this.vimeo = config.vimeoToken ? new VimeoClient(config.vimeoToken, config.vimeoApiUrl) : null;
    jobs.register(REMOVE_FILES_JOB, async (payload) => {
      const failed = await this.removeFiles(payload.files as StoredFile[]);
      if (failed.length > 0) throw new Error(`could not remove ${failed.join(', ')}`);
    });
    jobs.register(SWEEP_JOB, async () => {
      await this.sweep(new Date());
    });
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
    const publicId = newPublicId(kind, file.ext);
    const resourceType: ResourceType = kind === 'pdf' ? 'raw' : 'image';
    try {
      if (this.cloudinary) {
        // images are named without their extension on Cloudinary (it becomes the format)
        const remoteId = kind === 'image' ? publicId.replace(/\.[a-z0-9]+$/, '') : publicId;
        const type: DeliveryType = isPrivate ? 'authenticated' : 'upload';
        let url: string;
        try {
          url = await this.cloudinary.upload(file.tmpPath, remoteId, resourceType, type);
        } catch (err) {
          throw providerFailed(
            'The Cloudinary upload',
            (err as { message?: string }).message ?? err,
          );
        }
        await this.record(file, remoteId, resourceType, url, isPrivate, 'cloudinary', userId);
        return { url, public_id: remoteId };
      }
      await this.moveIntoPlace(file.tmpPath, isPrivate, publicId);
      const url = isPrivate ? privateFileUrl(publicId) : publicFileUrl(publicId);
      await this.record(file, publicId, resourceType, url, isPrivate, 'local', userId);
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
    try {
      // read before the file leaves: kept with the media for the player's frame stepping
      const frameRate = await readFrameRate(file.tmpPath);
      if (this.vimeo) {
        let id: string;
        try {
          id = await this.vimeo.upload(file.tmpPath, {
            name: meta.title || 'Video',
            ...(meta.description ? { description: meta.description } : {}),
            privacy: isPrivate ? { view: 'disable', embed: 'public' } : { view: 'anybody' },
          });
        } catch (err) {
          throw providerFailed('The Vimeo upload', err);
        }
        const url = `https://vimeo.com/${id}`;
        await this.record(
          file,
          id,
          'video',
          url,
          isPrivate,
          'vimeo',
          userId,
          'processing',
          frameRate,
        );
        return { url, public_id: id, videoId: id, status: 'processing' };
      }
      const publicId = newPublicId('video', file.ext);
      await this.moveIntoPlace(file.tmpPath, isPrivate, publicId);
      const url = isPrivate ? privateFileUrl(publicId) : publicFileUrl(publicId);
      const row = await this.record(
        file,
        publicId,
        'video',
        url,
        isPrivate,
        'local',
        userId,
        'available',
        frameRate,
      );
      return { url, public_id: publicId, videoId: row.id, status: 'available' };
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
    const publicId = newPublicId('practice', file.ext);
    try {
      if (this.cloudinary) {
        try {
          // a video's extension becomes its format on Cloudinary (cloudinaryPrivateUrl)
          await this.cloudinary.upload(file.tmpPath, stripExt(publicId), 'video', 'authenticated');
        } catch (err) {
          throw providerFailed('The Cloudinary upload', err);
        }
        return { storage: 'cloudinary', publicId };
      }
      await this.moveIntoPlace(file.tmpPath, true, publicId);
      return { storage: 'local', publicId };
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
        publicId: f.storage === 'cloudinary' ? stripExt(f.publicId) : f.publicId,
        resourceType: 'video' as const,
        url: '',
        private: true,
        storage: f.storage,
      })),
    );
  }

  // ------------------------------------------------------------ signed direct uploads

  /**
   * POST /cloudinary/signature: reserves a public id in `folder` (recorded as pending, so an
   * upload that never comes is swept) and signs {folder, public_id, timestamp} the way Cloudinary
   * checks it: with the API secret when configured, else with the local signing key for our
   * direct-upload endpoint.
   */
  async sign(
    folder: DirectUploadFolder,
    timestamp: number,
    userId: string,
  ): Promise<SignatureResponse> {
    const now = Math.floor(Date.now() / 1000);
    if (Math.abs(now - timestamp) > SIGNATURE_WINDOW_S) {
      throw badRequest(
        COMMON_ERRORS.validation,
        'timestamp must be the current time in unix seconds',
        'timestamp',
      );
    }
    const resourceType = DIRECT_UPLOAD_FOLDERS[folder];
    const name = `${randomUUID()}${resourceType === 'raw' ? '.pdf' : ''}`;
    const params = { folder, public_id: name, timestamp };
    const reserved = `${folder}/${name}`;
    if (this.cloudinary) {
      await this.repo.insert({
        publicId: reserved,
        resourceType,
        url: this.cloudinary.deliveryUrl(reserved, resourceType, 'upload'),
        private: false,
        storage: 'cloudinary',
        createdBy: userId,
      });
      return {
        ...params,
        signature: this.cloudinary.sign(params),
        api_key: this.cloudinary.apiKey,
        cloud_name: this.cloudinary.cloudName,
        resource_type: resourceType,
        upload_url: this.cloudinary.uploadUrl(resourceType),
      };
    }
    await this.repo.insert({
      publicId: reserved,
      resourceType,
      url: '',
      private: false,
      storage: 'local',
      status: PENDING,
      createdBy: userId,
    });
    return {
      ...params,
      signature: this.localSignature(params),
      api_key: 'local',
      cloud_name: 'local',
      resource_type: resourceType,
      upload_url: '/api/files/upload',
    };
  }

  /** What a direct upload must hold, once its signature checks out (401 otherwise). */
  directKind(fields: Record<string, string>): UploadKind {
    const { folder } = this.checkDirectSignature(fields);
    return DIRECT_UPLOAD_FOLDERS[folder] === 'raw' ? 'pdf' : 'image';
  }

  /** The signature over {folder, public_id, timestamp} (constant-time) and its hour. */
  private checkDirectSignature(fields: Record<string, string>): {
    folder: DirectUploadFolder;
    public_id: string;
  } {
    const { folder, public_id: name, timestamp, signature } = fields;
    if (!(folder in DIRECT_UPLOAD_FOLDERS) || !name || !/^\d{1,12}$/.test(timestamp ?? '')) {
      throw signatureInvalid('folder, public_id, timestamp and signature are required');
    }
    const expected = Buffer.from(
      this.localSignature({ folder, public_id: name, timestamp: Number(timestamp) }),
    );
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw signatureInvalid('The signature does not match the upload');
    }
    if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > SIGNATURE_WINDOW_S) {
      throw signatureInvalid('The signature has expired');
    }
    return { folder: folder as DirectUploadFolder, public_id: name };
  }

  /**
   * POST /files/upload (local storage): Cloudinary's direct upload, checked the same way: the
   * signature over {folder, public_id, timestamp}, a timestamp within the hour, and a public id the
   * signature endpoint reserved and no file has filled yet.
   */
  async directUpload(
    file: ReceivedFile,
    fields: Record<string, string>,
  ): Promise<DirectUploadResponse> {
    try {
      const { folder, public_id: name } = this.checkDirectSignature(fields);
      const reserved = await this.repo.findByPublicId(`${folder}/${name}`);
      if (!reserved || reserved.status !== PENDING || reserved.storage !== 'local') {
        throw signatureInvalid('This upload was not reserved or is already done');
      }
      const stem = `${folder}/${name.replace(/\.pdf$/, '')}`;
      const publicId = `${stem}.${file.ext}`;
      if (!isPublicId(publicId)) throw signatureInvalid('Not a public id of ours');
      await this.moveIntoPlace(file.tmpPath, false, publicId);
      const url = publicFileUrl(publicId);
      await this.repo.update(reserved.id, {
        publicId,
        url,
        status: 'available',
        contentType: file.contentType,
        sizeBytes: file.size,
      });
      return {
        secure_url: url,
        public_id: publicId,
        resource_type: reserved.resourceType,
        bytes: file.size,
      };
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  private localSignature(params: { folder: string; public_id: string; timestamp: number }): string {
    // the same SHA-1 of the sorted params + secret as Cloudinary, keyed with our signing key
    return cloudinary.v2.utils.api_sign_request(params, this.config.mediaSigningKey);
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
    const keys = refKeys(videoUrl.trim());
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
    const keys = [...new Set(refs.flatMap(refKeys))];
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
    for (const ref of referenced) if (refKeys(ref).some((k) => own.has(k))) return true;
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
        if (row.storage === 'local') {
          if (isPublicId(row.publicId))
            await removeLocal(this.config.dataDir, row.private, row.publicId);
        } else await this.removeRemote(row);
      } catch (err) {
        this.log.warn(
          `could not remove ${row.storage} file ${row.publicId}: ${String((err as Error)?.message ?? err)}`,
        );
        failed.push(row.publicId);
      }
    }
    return failed;
  }

  private async removeRemote(row: StoredFile): Promise<void> {
    if (row.storage === 'cloudinary') {
      if (!this.cloudinary) throw new Error('Cloudinary is not configured');
      await this.cloudinary.destroy(
        row.publicId,
        row.resourceType,
        row.private ? 'authenticated' : 'upload',
      );
      return;
    }
    const id = vimeoIdOf(row.url) ?? (/^\d+$/.test(row.publicId) ? row.publicId : null);
    if (!this.vimeo || !id) throw new Error('Vimeo is not configured');
    await this.vimeo.deleteVideo(id);
  }

  // ------------------------------------------------------------ helpers

  private async moveIntoPlace(
    tmpPath: string,
    isPrivate: boolean,
    publicId: string,
  ): Promise<void> {
    const target = filePathOf(this.config.dataDir, isPrivate ? 'private' : 'public', publicId);
    if (!target) throw new Error(`not a public id: ${publicId}`);
    await mkdir(dirname(target), { recursive: true });
    await rename(tmpPath, target);
  }

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
