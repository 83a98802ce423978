import { Inject, Injectable } from '@nestjs/common';
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { LEARNING_ERRORS, type VideoProvider, type VideoStatus } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError, notFound } from '../../common/errors/app-error.js';
import type { UploadedAssetRow } from '../../database/tables/uploads.table.js';
import { parseRange } from './byte-range.js';
import {
  cloudinaryPrivateUrl,
  parseCloudinaryUrl,
  type CloudinaryCredentials,
  type CloudinaryResourceType,
} from './cloudinary-delivery.js';
import { MediaAssetsRepository } from './media-assets.repository.js';
import { contentTypeOf, filePathOf, isLocalPublicId, type Visibility } from './media-layout.js';
import {
  checkPrivateLink,
  signPrivateLink,
  PUBLIC_FILES_PATH,
  type LinkCheck,
} from './signed-links.js';
import { VimeoClient, VimeoNotFoundError, vimeoIdOf, vimeoPlayerUrl } from './vimeo-client.js';

/** A class PDF or video in one language, as class_media stores it. */
export interface MediaRef {
  kind: 'pdf' | 'video';
  url: string | null;
  publicId: string | null;
}

/** Where the browser gets a private file from, for a short while. */
export interface Delivery {
  url: string;
  /** ISO instant the link stops working; null for a provider's player URL. */
  expiresAt: string | null;
  provider: VideoProvider | 'cloudinary';
  /** The id GET /upload/video-status/{videoId} takes ('' when there is nothing to poll). */
  videoId: string;
  status: VideoStatus;
  /** frames per second read from the container at upload; null when unknown */
  frameRate: number | null;
}

/** A local file ready to send: status, headers and the byte stream (none for a 416). */
export interface FileResponse {
  statusCode: 200 | 206 | 416;
  headers: Record<string, string>;
  stream: ReadStream | null;
}

const fileNotFound = () => notFound(LEARNING_ERRORS.fileNotFound, 'File not found');
const providerUnavailable = (what: string) =>
  new AppError(
    503,
    LEARNING_ERRORS.providerUnavailable,
    `${what} is not configured or unreachable`,
  );

/**
 * The media storage, read side: the one place that knows where files live and how the browser may
 * get them (layout in media.module.ts). Local files go out through HMAC-signed expiring links and
 * stream with HTTP ranges; Cloudinary assets through the SDK's signed, expiring private download
 * URLs; Vimeo videos through their player URL, with their status asked of the Vimeo API.
 */
/** The policy of every stored file served from this origin. */
export const FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

@Injectable()
export class MediaStorageService {
  private readonly cloudinary: CloudinaryCredentials | null;
  private readonly vimeo: VimeoClient | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly assets: MediaAssetsRepository,
  ) {
    this.cloudinary = config.cloudinaryUrl ? parseCloudinaryUrl(config.cloudinaryUrl) : null;
    this.vimeo = config.vimeoToken ? new VimeoClient(config.vimeoToken, config.vimeoApiUrl) : null;
  }

  /** The signed link of a local private file and when it expires (the configured TTL from now). */
  signPrivate(publicId: string, nowMs = Date.now()): { url: string; expiresAt: string } {
    const exp = Math.floor(nowMs / 1000) + this.config.mediaLinkTtlSeconds;
    return {
      url: signPrivateLink(this.config.mediaSigningKey, publicId, exp),
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /** Checks a private link's `exp` and `sig` (constant-time) at `nowMs`. */
  checkLink(publicId: string, exp: unknown, sig: unknown, nowMs = Date.now()): LinkCheck {
    return checkPrivateLink(this.config.mediaSigningKey, publicId, exp, sig, nowMs);
  }

  /** The URL of a public file (course images): no signature. */
  publicUrl(publicId: string): string {
    return `${PUBLIC_FILES_PATH}${publicId.split('/').map(encodeURIComponent).join('/')}`;
  }

  /**
   * A short-lived URL of a class PDF or video. 404 `media.file_not_found` when nothing is stored;
   * 503 `media.provider_unavailable` when its provider (Cloudinary) is not configured.
   */
  async deliver(ref: MediaRef, nowMs = Date.now()): Promise<Delivery> {
    if (ref.publicId) {
      const asset = await this.assets.byPublicId(ref.publicId);
      if (asset) return this.deliverAsset(asset, ref, nowMs);
      if (isLocalPublicId(ref.publicId) && (await this.exists('private', ref.publicId))) {
        return this.local(ref.publicId, '', nowMs);
      }
      if (this.cloudinary) {
        return this.fromCloudinary(ref.publicId, ref.kind === 'pdf' ? 'raw' : 'video', nowMs);
      }
      if (!ref.url) throw fileNotFound();
    }
    if (!ref.url) throw notFound(LEARNING_ERRORS.mediaNotFound, 'No file in this language');
    const vimeoId = ref.kind === 'video' ? vimeoIdOf(ref.url) : null;
    if (vimeoId) return this.fromVimeo(vimeoId, ref.url);
    // a link the admin typed (legacy data, YouTube): handed over as it is
    return {
      url: ref.url,
      expiresAt: null,
      provider: 'external',
      videoId: '',
      status: 'available',
      frameRate: null,
    };
  }

  /**
   * A short-lived link of a private video or audio file that another record owns (a practice
   * clip, a voice note): a signed local link, or Cloudinary's signed, expiring download. No
   * uploaded_assets lookup: the owner's row says where the file is.
   */
  privateMediaLink(
    storage: 'local' | 'cloudinary',
    publicId: string,
    nowMs = Date.now(),
  ): { url: string; expiresAt: string | null } {
    if (storage === 'cloudinary') {
      const d = this.fromCloudinary(publicId, 'video', nowMs);
      return { url: d.url, expiresAt: d.expiresAt };
    }
    return this.signPrivate(publicId, nowMs);
  }

  /**
   * A local file for GET /api/files/{public|private}/<publicId>, honouring one `Range`.
   * 404 when the publicId is not of the layout or no file is there.
   */
  async openFile(
    visibility: Visibility,
    publicId: string,
    rangeHeader: string | undefined,
  ): Promise<FileResponse> {
    const path = filePathOf(this.config.dataDir, visibility, publicId);
    if (!path) throw fileNotFound();
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw fileNotFound();
    const size = info.size;
    const type = contentTypeOf(publicId);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Accept-Ranges': 'bytes',
      'Cache-Control': visibility === 'private' ? 'private, no-store' : 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      'Last-Modified': info.mtime.toUTCString(),
    };
    // uploaded files are data, never a page of this origin: a file that is also HTML or has
    // scripts (a polyglot) runs nothing (the PDF viewer still shows a sandboxed PDF). An SVG,
    // which a browser would run as a document, is downloaded when opened on its own
    headers['Content-Security-Policy'] = FILE_CSP;
    if (type === 'application/pdf') headers['Content-Disposition'] = 'inline';
    if (type === 'image/svg+xml') headers['Content-Disposition'] = 'attachment';
    const range = parseRange(rangeHeader, size);
    switch (range.kind) {
      case 'unsatisfiable':
        return {
          statusCode: 416,
          headers: { ...headers, 'Content-Range': `bytes */${size}` },
          stream: null,
        };
      case 'partial':
        return {
          statusCode: 206,
          headers: {
            ...headers,
            'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
            'Content-Length': String(range.end - range.start + 1),
          },
          stream: createReadStream(path, { start: range.start, end: range.end }),
        };
      case 'none':
        return {
          statusCode: 200,
          headers: { ...headers, 'Content-Length': String(size) },
          stream: createReadStream(path),
        };
    }
  }

  /**
   * GET /upload/video-status/{videoId}: a numeric id is a Vimeo video (asked of Vimeo), a UUID an
   * uploaded asset (local files are available once stored; Vimeo ones are asked of Vimeo).
   */
  async videoStatus(videoId: string): Promise<VideoStatus> {
    if (/^\d+$/.test(videoId)) {
      // without Vimeo there is no Vimeo video: the id is the client's, not an outage (503)
      if (!this.vimeo) throw notFound(LEARNING_ERRORS.videoNotFound, 'Video not found');
      return this.askVimeo(videoId);
    }
    const asset = await this.assets.byId(videoId);
    if (!asset || asset.resourceType !== 'video') {
      throw notFound(LEARNING_ERRORS.videoNotFound, 'Video not found');
    }
    if (asset.storage === 'vimeo') {
      const id = vimeoIdOf(asset.url) ?? (/^\d+$/.test(asset.publicId) ? asset.publicId : null);
      if (!id) throw notFound(LEARNING_ERRORS.videoNotFound, 'Video not found');
      return this.askVimeo(id);
    }
    return asset.status === 'available'
      ? 'available'
      : asset.status === 'error'
        ? 'error'
        : 'processing';
  }

  private async askVimeo(id: string): Promise<VideoStatus> {
    if (!this.vimeo) throw providerUnavailable('Vimeo');
    try {
      return await this.vimeo.videoStatus(id);
    } catch (err) {
      if (err instanceof VimeoNotFoundError) {
        throw notFound(LEARNING_ERRORS.videoNotFound, 'Video not found');
      }
      throw providerUnavailable('Vimeo');
    }
  }

  private deliverAsset(
    asset: UploadedAssetRow,
    ref: MediaRef,
    nowMs: number,
  ): Delivery | Promise<Delivery> {
    switch (asset.storage) {
      case 'local':
        return this.local(
          asset.publicId,
          asset.resourceType === 'video' ? asset.id : '',
          nowMs,
          asset.status,
          asset.frameRate,
        );
      case 'cloudinary':
        return this.fromCloudinary(asset.publicId, asset.resourceType, nowMs);
      case 'vimeo': {
        const id = vimeoIdOf(asset.url) ?? vimeoIdOf(ref.url);
        if (!id) throw fileNotFound();
        return this.fromVimeo(id, asset.url, asset.status, asset.frameRate);
      }
    }
  }

  private async local(
    publicId: string,
    videoId: string,
    nowMs: number,
    status = 'available',
    frameRate: number | null = null,
  ): Promise<Delivery> {
    if (!(await this.exists('private', publicId))) throw fileNotFound();
    const { url, expiresAt } = this.signPrivate(publicId, nowMs);
    return { url, expiresAt, provider: 'local', videoId, status: toStatus(status), frameRate };
  }

  private fromCloudinary(
    publicId: string,
    resourceType: CloudinaryResourceType,
    nowMs: number,
  ): Delivery {
    if (!this.cloudinary) throw providerUnavailable('Cloudinary');
    const now = Math.floor(nowMs / 1000);
    const exp = now + this.config.mediaLinkTtlSeconds;
    return {
      url: cloudinaryPrivateUrl(this.cloudinary, publicId, resourceType, exp, now),
      expiresAt: new Date(exp * 1000).toISOString(),
      provider: 'cloudinary',
      videoId: '',
      status: 'available',
      frameRate: null,
    };
  }

  private fromVimeo(
    id: string,
    sourceUrl: string | null,
    status = 'available',
    frameRate: number | null = null,
  ): Delivery {
    return {
      frameRate,
      url: vimeoPlayerUrl(id, sourceUrl),
      expiresAt: null,
      provider: 'vimeo',
      videoId: id,
      status: toStatus(status),
    };
  }

  private async exists(visibility: Visibility, publicId: string): Promise<boolean> {
    const path = filePathOf(this.config.dataDir, visibility, publicId);
    return !!path && !!(await stat(path).catch(() => null))?.isFile();
  }
}

function toStatus(stored: string): VideoStatus {
  if (stored === 'available') return 'available';
  return stored === 'error' ? 'error' : 'processing';
}
