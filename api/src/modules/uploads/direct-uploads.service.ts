import { Injectable } from '@nestjs/common';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  COMMON_ERRORS,
  DIRECT_UPLOAD_FOLDERS,
  UPLOAD_ERRORS,
  type DirectUploadFolder,
  type DirectUploadResponse,
  type SignatureResponse,
} from '@circo/shared-contracts';
import { AppError, badRequest } from '../../common/errors/app-error.js';
import { isLocalPublicId, MediaStores } from '../media/index.js';
import type { ReceivedFile, UploadKind } from './received-file.js';
import { UploadsRepository } from './uploads.repository.js';

/** A direct upload's signature is good for an hour, as Cloudinary's is. */
const SIGNATURE_WINDOW_S = 3600;
/** The status of a signed direct upload whose file has not arrived yet. */
const PENDING = 'pending';

const signatureInvalid = (why: string) => new AppError(401, UPLOAD_ERRORS.signatureInvalid, why);

/**
 * Signed direct uploads, as Cloudinary takes them from a browser: the signature endpoint reserves
 * a public id (recorded, so an upload that never comes is swept) and signs it; with local storage
 * our own endpoint checks the signature and takes the file.
 */
@Injectable()
export class DirectUploadsService {
  constructor(
    private readonly repo: UploadsRepository,
    private readonly stores: MediaStores,
  ) {}

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
    const store = this.stores.files;
    const { url, pending, ...grant } = store.signDirectUpload(params, resourceType);
    await this.repo.insert({
      publicId: reserved,
      resourceType,
      url,
      private: false,
      storage: store.name,
      ...(pending ? { status: PENDING } : {}),
      createdBy: userId,
    });
    return { ...params, ...grant, resource_type: resourceType };
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
      this.stores.local.signDirect({ folder, public_id: name, timestamp: Number(timestamp) }),
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
      if (!isLocalPublicId(publicId)) throw signatureInvalid('Not a public id of ours');
      const { url } = await this.stores.local.put(file.tmpPath, {
        publicId,
        resourceType: reserved.resourceType,
        private: false,
      });
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
}
