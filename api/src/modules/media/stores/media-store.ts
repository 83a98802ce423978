import type { VideoProvider, VideoStatus } from '@circo/shared-contracts';
import { AppError } from '../../../common/errors/app-error.js';
import { LEARNING_ERRORS } from '@circo/shared-contracts';

/** Where a stored file lives (uploaded_assets.storage, practice_clips.storage). */
export type StorageName = 'local' | 'cloudinary' | 'vimeo';
export type ResourceType = 'image' | 'raw' | 'video';

/** What a store needs to know of a file it holds. */
export interface StoredFile {
  publicId: string;
  resourceType: ResourceType;
  /** The URL recorded at upload ('' when none). */
  url: string;
  private: boolean;
}

/** A file to store: the publicId we generated for it (`media-layout.ts`) and how it is served. */
export interface PutTarget {
  publicId: string;
  resourceType: ResourceType;
  private: boolean;
  /** A video's title and description, for a store that shows them (Vimeo). */
  title?: string;
  description?: string;
}

export interface PutResult {
  /** The id the store knows the file by (a Cloudinary image drops its extension, Vimeo numbers it). */
  publicId: string;
  url: string;
  /** 'processing' while the store transcodes a video. */
  status: 'available' | 'processing';
}

/** A stored file to hand to a browser, with what the upload recorded of it. */
export interface LinkRequest extends StoredFile {
  /** The URL a record holds for it (a Vimeo link with its unlisted hash). */
  sourceUrl: string | null;
  /** The id GET /upload/video-status/{videoId} takes ('' when there is nothing to poll). */
  videoId: string;
  status: string;
  frameRate: number | null;
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

/** The signature of a browser's direct upload, as Cloudinary's signature endpoint answers it. */
export interface DirectUploadGrant {
  /** What the reserved row records until the file arrives. */
  url: string;
  pending: boolean;
  signature: string;
  api_key: string;
  cloud_name: string;
  upload_url: string;
}

/**
 * One place files are kept: the local disk, Cloudinary or Vimeo. Every store is there whether or
 * not it is configured (files stored before a change of configuration stay reachable or
 * removable); `MediaStores` chooses, once, where new files go.
 */
export interface MediaStore {
  readonly name: StorageName;
  /** Whether its credentials are configured. */
  readonly configured: boolean;
  /** Moves a received file (its temporary path) into the store. */
  put(tmpPath: string, target: PutTarget): Promise<PutResult>;
  /** Removes a stored file; a file already gone counts as removed. */
  remove(file: StoredFile): Promise<void>;
  /** A short-lived link (or a player URL) the browser may open. */
  link(file: LinkRequest, nowMs: number): Promise<Delivery>;
  /** A video's processing status. */
  status(file: StoredFile & { status: string }): Promise<VideoStatus>;
  /** Signs a browser's direct upload of `params` (only the default store for files does this). */
  signDirectUpload(
    params: { folder: string; public_id: string; timestamp: number },
    resourceType: ResourceType,
  ): DirectUploadGrant;
  /** The ids a record's value may name a file of this store by (a URL of it, its id). */
  idsIn(ref: string): string[];
}

/** 503 `media.provider_unavailable`: the file's store is not configured or did not answer. */
export const providerUnavailable = (what: string) =>
  new AppError(
    503,
    LEARNING_ERRORS.providerUnavailable,
    `${what} is not configured or unreachable`,
  );

/** A stored status word as the three the API answers. */
export function toStatus(stored: string): VideoStatus {
  if (stored === 'available') return 'available';
  return stored === 'error' ? 'error' : 'processing';
}
