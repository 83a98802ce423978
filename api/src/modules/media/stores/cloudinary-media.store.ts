import { LEARNING_ERRORS, type VideoStatus } from '@circo/shared-contracts';
import { notFound } from '../../../common/errors/app-error.js';
import type { AppConfig } from '../../../config/app-config.js';
import {
  cloudinaryPrivateUrl,
  parseCloudinaryUrl,
  type CloudinaryCredentials,
} from '../cloudinary-delivery.js';
import { CloudinaryUploader, cloudinaryPublicIdOf } from './cloudinary-uploader.js';
import {
  providerUnavailable,
  toStatus,
  type Delivery,
  type DirectUploadGrant,
  type LinkRequest,
  type MediaStore,
  type PutResult,
  type PutTarget,
  type ResourceType,
  type StoredFile,
} from './media-store.js';

/** Cloudinary names images and videos without their extension (it becomes the format). */
const remoteIdOf = (publicId: string, resourceType: ResourceType) =>
  resourceType === 'raw' ? publicId : publicId.replace(/\.[a-z0-9]+$/, '');

/**
 * Cloudinary (CLOUDINARY_URL): images and PDFs, and students' private clips. Public files are
 * `upload` deliveries; private ones `authenticated`, handed out as the SDK's signed, expiring
 * download URLs.
 */
export class CloudinaryMediaStore implements MediaStore {
  readonly name = 'cloudinary' as const;
  private readonly creds: CloudinaryCredentials | null;
  private readonly uploader: CloudinaryUploader | null;

  constructor(private readonly config: AppConfig) {
    this.creds = config.cloudinaryUrl ? parseCloudinaryUrl(config.cloudinaryUrl) : null;
    this.uploader = this.creds ? new CloudinaryUploader(this.creds, config.cloudinaryApiUrl) : null;
  }

  get configured(): boolean {
    return this.uploader !== null;
  }

  private need(): CloudinaryUploader {
    if (!this.uploader) throw new Error('Cloudinary is not configured');
    return this.uploader;
  }

  async put(tmpPath: string, target: PutTarget): Promise<PutResult> {
    const publicId = remoteIdOf(target.publicId, target.resourceType);
    const url = await this.need().upload(
      tmpPath,
      publicId,
      target.resourceType,
      target.private ? 'authenticated' : 'upload',
    );
    return { publicId, url, status: 'available' };
  }

  async remove(file: StoredFile): Promise<void> {
    await this.need().destroy(
      remoteIdOf(file.publicId, file.resourceType),
      file.resourceType,
      file.private ? 'authenticated' : 'upload',
    );
  }

  link(file: Pick<LinkRequest, 'publicId' | 'resourceType'>, nowMs: number): Promise<Delivery> {
    return Promise.resolve(this.privateLink(file.publicId, file.resourceType, nowMs));
  }

  /** The signed, expiring download URL of an `authenticated` asset (503 when not configured). */
  privateLink(publicId: string, resourceType: ResourceType, nowMs: number): Delivery {
    if (!this.creds) throw providerUnavailable('Cloudinary');
    const now = Math.floor(nowMs / 1000);
    const exp = now + this.config.mediaLinkTtlSeconds;
    return {
      url: cloudinaryPrivateUrl(this.creds, publicId, resourceType, exp, now),
      expiresAt: new Date(exp * 1000).toISOString(),
      provider: 'cloudinary',
      videoId: '',
      status: 'available',
      frameRate: null,
    };
  }

  /**
   * The bytes of a private asset, fetched from Cloudinary through its signed download URL (a
   * class PDF to stamp). 404 when Cloudinary has no such file; 503 when it is not configured or
   * does not answer.
   */
  async fetchPrivate(
    publicId: string,
    resourceType: ResourceType,
    nowMs: number,
    maxBytes: number,
  ): Promise<Buffer> {
    const { url } = this.privateLink(publicId, resourceType, nowMs);
    const api = this.config.cloudinaryApiUrl;
    const target = api ? url.replace(/^https:\/\/api\.cloudinary\.com/, api) : url;
    const res = await fetch(target, { signal: AbortSignal.timeout(20_000) }).catch(() => null);
    if (res?.status === 404) throw notFound(LEARNING_ERRORS.fileNotFound, 'File not found');
    if (!res?.ok) throw providerUnavailable('Cloudinary');
    const size = Number(res.headers.get('content-length') ?? 0);
    if (size > maxBytes) throw providerUnavailable('Cloudinary');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > maxBytes) throw providerUnavailable('Cloudinary');
    return bytes;
  }

  status(file: { status: string }): Promise<VideoStatus> {
    return Promise.resolve(toStatus(file.status));
  }

  signDirectUpload(
    params: { folder: string; public_id: string; timestamp: number },
    resourceType: ResourceType,
  ): DirectUploadGrant {
    const uploader = this.need();
    return {
      url: uploader.deliveryUrl(`${params.folder}/${params.public_id}`, resourceType, 'upload'),
      pending: false,
      signature: uploader.sign(params),
      api_key: uploader.apiKey,
      cloud_name: uploader.cloudName,
      upload_url: uploader.uploadUrl(resourceType),
    };
  }

  idsIn(ref: string): string[] {
    const id = cloudinaryPublicIdOf(ref);
    return id ? [id] : [];
  }
}
