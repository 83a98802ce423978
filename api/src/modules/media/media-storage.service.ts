import { Inject, Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import { LEARNING_ERRORS, type VideoStatus } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { notFound } from '../../common/errors/app-error.js';
import { rangedAnswer } from './byte-range.js';
import { MediaAssetsRepository } from './media-assets.repository.js';
import { contentTypeOf, filePathOf, isLocalPublicId, type Visibility } from './media-layout.js';
import { checkPrivateLink, PUBLIC_FILES_PATH, type LinkCheck } from './signed-links.js';
import type { Delivery } from './stores/media-store.js';
import { MediaStores } from './stores/media-stores.js';
import { vimeoFilePublicId, vimeoIdOf, vimeoIdOfFile } from './vimeo-client.js';

export type { Delivery } from './stores/media-store.js';

/** A class PDF or video in one language, as class_media stores it. */
export interface MediaRef {
  kind: 'pdf' | 'video';
  url: string | null;
  publicId: string | null;
}

/** A file ready to send: status, headers and the byte stream (none for a 416 or a HEAD). */
export interface FileResponse {
  statusCode: 200 | 206 | 416;
  headers: Record<string, string>;
  stream: Readable | null;
}

const fileNotFound = () => notFound(LEARNING_ERRORS.fileNotFound, 'File not found');
const videoNotFound = () => notFound(LEARNING_ERRORS.videoNotFound, 'Video not found');

/** The policy of every stored file served from this origin. */
export const FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/** The headers every stored file of this origin is sent with. */
function fileHeaders(type: string, visibility: Visibility): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    'Cache-Control': visibility === 'private' ? 'private, no-store' : 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    // uploaded files are data, never a page of this origin: a file that is also HTML or has
    // scripts (a polyglot) runs nothing (the PDF viewer still shows a sandboxed PDF). An SVG,
    // which a browser would run as a document, is downloaded when opened on its own
    'Content-Security-Policy': FILE_CSP,
  };
  if (type === 'application/pdf') headers['Content-Disposition'] = 'inline';
  if (type === 'image/svg+xml') headers['Content-Disposition'] = 'attachment';
  return headers;
}

/**
 * The media storage, read side: how the browser may get a stored file, whichever store holds it
 * (stores/: the local disk, Cloudinary, Vimeo; layout in media.module.ts). Local files stream from
 * here with HTTP ranges.
 */
@Injectable()
export class MediaStorageService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly assets: MediaAssetsRepository,
    private readonly stores: MediaStores,
  ) {}

  /** The signed link of a local private file and when it expires (the configured TTL from now). */
  signPrivate(publicId: string, nowMs = Date.now()): { url: string; expiresAt: string } {
    return this.stores.local.signPrivate(publicId, nowMs);
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
      if (asset) {
        return this.stores.of(asset.storage).link(
          {
            ...asset,
            sourceUrl: ref.url,
            videoId: asset.resourceType === 'video' && asset.storage === 'local' ? asset.id : '',
          },
          nowMs,
        );
      }
      // a file of the local layout that no upload recorded (demo data)
      if (isLocalPublicId(ref.publicId) && (await this.stores.local.exists(ref.publicId))) {
        return this.stores.local.link(
          {
            publicId: ref.publicId,
            resourceType: ref.kind === 'pdf' ? 'raw' : 'video',
            url: '',
            private: true,
            sourceUrl: ref.url,
            videoId: '',
            status: 'available',
            frameRate: null,
          },
          nowMs,
        );
      }
      if (this.stores.cloudinary.configured) {
        return this.stores.cloudinary.privateLink(
          ref.publicId,
          ref.kind === 'pdf' ? 'raw' : 'video',
          nowMs,
        );
      }
      if (!ref.url) throw fileNotFound();
    }
    if (!ref.url) throw notFound(LEARNING_ERRORS.mediaNotFound, 'No file in this language');
    const vimeoId = ref.kind === 'video' ? vimeoIdOf(ref.url) : null;
    if (vimeoId) return this.stores.vimeo.player(vimeoId, ref.url);
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
      const d = this.stores.cloudinary.privateLink(publicId, 'video', nowMs);
      return { url: d.url, expiresAt: d.expiresAt };
    }
    return this.signPrivate(publicId, nowMs);
  }

  /**
   * The downloadable copy of a Vimeo video (an account with file links) as our own signed link
   * (`/api/files/private/vimeo/<id>.mp4?exp=&sig=`) and its size; null when Vimeo gives none.
   */
  async vimeoOfflineFile(
    videoId: string,
    nowMs = Date.now(),
  ): Promise<{ url: string; bytes: number } | null> {
    const file = await this.stores.vimeo.offlineFiles?.fileOf(videoId, nowMs);
    if (!file) return null;
    return { url: this.signPrivate(vimeoFilePublicId(videoId), nowMs).url, bytes: file.bytes };
  }

  /**
   * A file for GET /api/files/{public|private}/<publicId>, honouring one `Range`: a local file,
   * or a Vimeo video's downloadable copy streamed from Vimeo (not fetched for a HEAD:
   * `withBody` false). 404 when the publicId is not of the layout or no file is there.
   */
  async openFile(
    visibility: Visibility,
    publicId: string,
    rangeHeader: string | undefined,
    withBody = true,
  ): Promise<FileResponse> {
    const vimeoId = visibility === 'private' ? vimeoIdOfFile(publicId) : null;
    if (vimeoId) {
      const headers = fileHeaders('video/mp4', visibility);
      const file = await this.stores.vimeo.offlineFiles?.open(
        vimeoId,
        rangeHeader,
        headers,
        withBody,
      );
      if (!file) throw fileNotFound();
      return file;
    }
    const path = filePathOf(this.config.dataDir, visibility, publicId);
    if (!path) throw fileNotFound();
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw fileNotFound();
    const size = info.size;
    const headers = fileHeaders(contentTypeOf(publicId), visibility);
    headers['Last-Modified'] = info.mtime.toUTCString();
    const answer = rangedAnswer(rangeHeader, size, headers, (start, end) =>
      start === 0 && end === size - 1
        ? createReadStream(path)
        : createReadStream(path, { start, end }),
    );
    return { statusCode: answer.statusCode, headers: answer.headers, stream: answer.body };
  }

  /**
   * GET /upload/video-status/{videoId}: a numeric id is a Vimeo video (asked of Vimeo), a UUID an
   * uploaded asset (asked of the store that holds it: local files are available once stored).
   */
  async videoStatus(videoId: string): Promise<VideoStatus> {
    if (/^\d+$/.test(videoId)) {
      // without Vimeo there is no Vimeo video: the id is the client's, not an outage (503)
      if (!this.stores.vimeo.configured) throw videoNotFound();
      return this.stores.vimeo.statusOf(videoId);
    }
    const asset = await this.assets.byId(videoId);
    if (!asset || asset.resourceType !== 'video') throw videoNotFound();
    return this.stores.of(asset.storage).status(asset);
  }
}
