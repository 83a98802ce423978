import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import cloudinary from 'cloudinary';
import type { VideoStatus } from '@circo/shared-contracts';
import type { AppConfig } from '../../../config/app-config.js';
import { notFound } from '../../../common/errors/app-error.js';
import { LEARNING_ERRORS } from '@circo/shared-contracts';
import { filePathOf, type Visibility } from '../media-layout.js';
import { PUBLIC_FILES_PATH, signPrivateLink } from '../signed-links.js';
import {
  toStatus,
  type Delivery,
  type DirectUploadGrant,
  type LinkRequest,
  type MediaStore,
  type PutResult,
  type PutTarget,
  type StoredFile,
} from './media-store.js';

const visibilityOf = (isPrivate: boolean): Visibility => (isPrivate ? 'private' : 'public');

/** The URL a local file is recorded with: public files are served as they are, private ones only
 * through signed links (the URL names the file, the link adds `exp` and `sig`). */
const fileUrl = (publicId: string, isPrivate: boolean) =>
  isPrivate ? `/api/files/private/${publicId}` : `${PUBLIC_FILES_PATH}${publicId}`;

/**
 * The local disk (no provider configured: `npm start`, tests): `$DATA_DIR/uploads/{public|private}/
 * <publicId>` (media-layout.ts). Private files go out through HMAC-signed expiring links.
 */
export class LocalMediaStore implements MediaStore {
  readonly name = 'local' as const;
  readonly configured = true;

  constructor(private readonly config: AppConfig) {}

  async put(tmpPath: string, { publicId, private: isPrivate }: PutTarget): Promise<PutResult> {
    const target = filePathOf(this.config.dataDir, visibilityOf(isPrivate), publicId);
    if (!target) throw new Error(`not a public id: ${publicId}`);
    await mkdir(dirname(target), { recursive: true });
    await rename(tmpPath, target);
    return { publicId, url: fileUrl(publicId, isPrivate), status: 'available' };
  }

  async remove({ publicId, private: isPrivate }: StoredFile): Promise<void> {
    const path = filePathOf(this.config.dataDir, visibilityOf(isPrivate), publicId);
    if (path) await rm(path, { force: true });
  }

  async link(file: LinkRequest, nowMs: number): Promise<Delivery> {
    if (!(await this.exists(file.publicId))) {
      throw notFound(LEARNING_ERRORS.fileNotFound, 'File not found');
    }
    const { url, expiresAt } = this.signPrivate(file.publicId, nowMs);
    return {
      url,
      expiresAt,
      provider: 'local',
      videoId: file.videoId,
      status: toStatus(file.status),
      frameRate: file.frameRate,
    };
  }

  status(file: { status: string }): Promise<VideoStatus> {
    return Promise.resolve(toStatus(file.status));
  }

  /** Our own direct-upload endpoint, checked the way Cloudinary checks its signatures. */
  signDirectUpload(params: {
    folder: string;
    public_id: string;
    timestamp: number;
  }): DirectUploadGrant {
    return {
      url: '',
      pending: true,
      signature: this.signDirect(params),
      api_key: 'local',
      cloud_name: 'local',
      upload_url: '/api/files/upload',
    };
  }

  /** The same SHA-1 of the sorted params + secret as Cloudinary, keyed with our signing key. */
  signDirect(params: { folder: string; public_id: string; timestamp: number }): string {
    return cloudinary.v2.utils.api_sign_request(params, this.config.mediaSigningKey);
  }

  idsIn(ref: string): string[] {
    const id = /^\/api\/files\/(?:public|private)\/([^?]+)/.exec(ref)?.[1];
    return id ? [decodeURIComponent(id)] : [];
  }

  /** The signed link of a private file and when it expires (the configured TTL from now). */
  signPrivate(publicId: string, nowMs: number): { url: string; expiresAt: string } {
    const exp = Math.floor(nowMs / 1000) + this.config.mediaLinkTtlSeconds;
    return {
      url: signPrivateLink(this.config.mediaSigningKey, publicId, exp),
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /** Whether a private file of the layout is on the disk. */
  async exists(publicId: string): Promise<boolean> {
    const path = filePathOf(this.config.dataDir, 'private', publicId);
    return !!path && !!(await stat(path).catch(() => null))?.isFile();
  }
}
