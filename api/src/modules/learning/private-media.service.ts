import { Injectable } from '@nestjs/common';
import {
  LEARNING_ERRORS,
  type ItemType,
  type Lang,
  type PrivateMediaResponse,
  type PrivateVideoResponse,
  type VideoStatusResponse,
} from '@circo/shared-contracts';
import { type Viewer, ClassesService } from '../catalogue/index.js';
import { notFound } from '../../common/errors/app-error.js';
import { MediaStorageService, StampedPdfService } from '../media/index.js';

/**
 * The private PDFs and videos of classes: who may have them (ClassesService's rules: an admin,
 * or a buyer with active access, in a language where the class is visible) and a short-lived URL
 * of the file in that language (MediaStorageService).
 */
@Injectable()
export class PrivateMediaService {
  constructor(
    private readonly classes: ClassesService,
    private readonly storage: MediaStorageService,
    private readonly stamped: StampedPdfService,
  ) {}

  /**
   * pdfs[index] of a class of `itemType`, in `lang`. A student gets the link of a copy stamped
   * with their name, e-mail and the date; an admin the stored file (the preview). A link the
   * admin typed (another site's file) is handed over as it is: there is nothing of ours to stamp.
   */
  async pdf(
    itemType: ItemType,
    classId: string,
    index: number,
    lang: Lang,
    viewer: Viewer,
  ): Promise<PrivateMediaResponse> {
    const ref = await this.ref('pdf', classId, index, lang, viewer, itemType);
    const delivery = await this.storage.deliver(ref);
    const student = viewer.user?.role === 'admin' ? null : viewer.user;
    if (student && ref.publicId && delivery.provider !== 'external') {
      return this.stamped.link(ref.publicId, student.id);
    }
    return { url: delivery.url, expiresAt: delivery.expiresAt };
  }

  /** videos[index] of a course or formation class, in `lang`. */
  async video(
    classId: string,
    index: number,
    lang: Lang,
    viewer: Viewer,
  ): Promise<PrivateVideoResponse> {
    const ref = await this.ref('video', classId, index, lang, viewer);
    const d = await this.storage.deliver(ref);
    // a Vimeo video's file, when the account gives file links: what a download takes
    const offlineFile =
      d.provider === 'vimeo' && d.status === 'available'
        ? await this.storage.vimeoOfflineFile(d.videoId)
        : null;
    return {
      url: d.url,
      expiresAt: d.expiresAt,
      provider: d.provider === 'cloudinary' ? 'external' : d.provider,
      videoId: d.videoId,
      status: d.status,
      frameRate: d.frameRate,
      ...(offlineFile ? { offlineFile } : {}),
    };
  }

  async videoStatus(videoId: string): Promise<VideoStatusResponse> {
    return { status: await this.storage.videoStatus(videoId) };
  }

  private async ref(
    kind: 'pdf' | 'video',
    classId: string,
    index: number,
    lang: Lang,
    viewer: Viewer,
    itemType?: ItemType,
  ) {
    const { media } = await this.classes.accessible(classId, lang, viewer, itemType);
    const row = media.filter((m) => m.kind === kind)[index];
    const url = row?.url?.[lang] ?? null;
    const publicId = row?.publicId?.[lang] ?? null;
    if (!row || (!url && !publicId)) {
      throw notFound(
        LEARNING_ERRORS.mediaNotFound,
        `This class has no ${kind} ${index} in ${lang}`,
      );
    }
    return { kind, url, publicId };
  }
}
