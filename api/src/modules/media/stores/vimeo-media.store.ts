import type { VideoStatus } from '@circo/shared-contracts';
import { LEARNING_ERRORS } from '@circo/shared-contracts';
import type { AppConfig } from '../../../config/app-config.js';
import { notFound } from '../../../common/errors/app-error.js';
import { VimeoClient, VimeoNotFoundError, vimeoIdOf, vimeoPlayerUrl } from '../vimeo-client.js';
import {
  providerUnavailable,
  toStatus,
  type Delivery,
  type DirectUploadGrant,
  type LinkRequest,
  type MediaStore,
  type PutResult,
  type PutTarget,
  type StoredFile,
} from './media-store.js';
import { VimeoOfflineFiles } from './vimeo-offline-files.js';

const videoNotFound = () => notFound(LEARNING_ERRORS.videoNotFound, 'Video not found');

/**
 * Vimeo (VIMEO_ACCESS_TOKEN): class videos, uploaded resumably and transcoded there; the browser
 * gets the player URL, and the status is asked of Vimeo. A video's id is its Vimeo number.
 */
export class VimeoMediaStore implements MediaStore {
  readonly name = 'vimeo' as const;
  private readonly client: VimeoClient | null;
  /** The downloadable copies (accounts with file links); null without Vimeo. */
  readonly offlineFiles: VimeoOfflineFiles | null;

  constructor(config: AppConfig) {
    this.client = config.vimeoToken ? new VimeoClient(config.vimeoToken, config.vimeoApiUrl) : null;
    this.offlineFiles = this.client ? new VimeoOfflineFiles(this.client) : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  async put(tmpPath: string, target: PutTarget): Promise<PutResult> {
    if (!this.client) throw new Error('Vimeo is not configured');
    const id = await this.client.upload(tmpPath, {
      name: target.title || 'Video',
      ...(target.description ? { description: target.description } : {}),
      privacy: target.private ? { view: 'disable', embed: 'public' } : { view: 'anybody' },
    });
    return { publicId: id, url: `https://vimeo.com/${id}`, status: 'processing' };
  }

  async remove(file: StoredFile): Promise<void> {
    const id = this.idOf(file);
    if (!this.client || !id) throw new Error('Vimeo is not configured');
    await this.client.deleteVideo(id);
  }

  /** The player URL (no token needed: the video's privacy is Vimeo's to enforce). */
  link(file: LinkRequest): Promise<Delivery> {
    const id = vimeoIdOf(file.url) ?? vimeoIdOf(file.sourceUrl);
    if (!id) return Promise.reject(notFound(LEARNING_ERRORS.fileNotFound, 'File not found'));
    return Promise.resolve(this.player(id, file.url, file.status, file.frameRate));
  }

  /** The player of a video by its Vimeo id, as a record's link names it. */
  player(
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

  status(file: StoredFile): Promise<VideoStatus> {
    const id = this.idOf(file);
    if (!id) return Promise.reject(videoNotFound());
    return this.statusOf(id);
  }

  /** Asks Vimeo: 404 when it does not know the video, 503 when it does not answer. */
  async statusOf(id: string): Promise<VideoStatus> {
    if (!this.client) throw providerUnavailable('Vimeo');
    try {
      return await this.client.videoStatus(id);
    } catch (err) {
      if (err instanceof VimeoNotFoundError) throw videoNotFound();
      throw providerUnavailable('Vimeo');
    }
  }

  signDirectUpload(): DirectUploadGrant {
    throw new Error('Vimeo takes no direct uploads');
  }

  idsIn(ref: string): string[] {
    const id = vimeoIdOf(ref);
    return id ? [id] : [];
  }

  private idOf(file: StoredFile): string | null {
    return vimeoIdOf(file.url) ?? (/^\d+$/.test(file.publicId) ? file.publicId : null);
  }
}
