import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { CloudinaryMediaStore } from './cloudinary-media.store.js';
import { LocalMediaStore } from './local-media.store.js';
import type { MediaStore, StorageName } from './media-store.js';
import { VimeoMediaStore } from './vimeo-media.store.js';

/**
 * The three stores, and where new files go, chosen once from the configuration: images and PDFs
 * to Cloudinary when CLOUDINARY_URL is set, videos to Vimeo when VIMEO_ACCESS_TOKEN is, students'
 * private clips to Cloudinary; the local disk otherwise.
 */
@Injectable()
export class MediaStores {
  readonly local: LocalMediaStore;
  readonly cloudinary: CloudinaryMediaStore;
  readonly vimeo: VimeoMediaStore;
  /** Where new images and PDFs go (and who signs their direct uploads). */
  readonly files: MediaStore;
  /** Where new class videos go. */
  readonly videos: MediaStore;
  /** Where a private file another record owns goes (a practice clip, a voice note). */
  readonly privateMedia: LocalMediaStore | CloudinaryMediaStore;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.local = new LocalMediaStore(config);
    this.cloudinary = new CloudinaryMediaStore(config);
    this.vimeo = new VimeoMediaStore(config);
    this.files = this.cloudinary.configured ? this.cloudinary : this.local;
    this.videos = this.vimeo.configured ? this.vimeo : this.local;
    this.privateMedia = this.cloudinary.configured ? this.cloudinary : this.local;
  }

  /** The store a recorded file lives in. */
  of(name: StorageName): MediaStore {
    return this[name];
  }

  /** Every id a record's value may name a stored file by: the value itself and the ids in it. */
  keysOf(ref: string): string[] {
    return [ref, ...[this.local, this.cloudinary, this.vimeo].flatMap((s) => s.idsIn(ref))];
  }
}
