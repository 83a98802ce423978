import { Inject, Injectable, Logger } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import {
  PRACTICE_CLIP_ERRORS,
  type PracticeClip,
  type PracticeClipsResponse,
} from '@circo/shared-contracts';
import { AppError, forbidden } from '../../common/errors/app-error.js';
import { viewerOf, ClassesService } from '../catalogue/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { type ReceivedFile, UploadsService } from '../uploads/index.js';
import { checkClipFile, clipNotFound, type NewClip } from './clip-checks.js';
import { ClipViews } from './clip-views.js';
import { PracticeClipsRepository } from './practice-clips.repository.js';

/**
 * Practice feedback, the student's side: clips of classes they have active access to, which the
 * teacher answers (practice-answers.service.ts). Files go through the storage layer (local disk
 * or Cloudinary, private, short-lived links); deleting a clip, a comment with a voice note, or the
 * student's account removes their files by a durable job written in the same transaction.
 */
@Injectable()
export class PracticeClipsService {
  private readonly logger = new Logger('PracticeClips');

  constructor(
    private readonly repo: PracticeClipsRepository,
    private readonly views: ClipViews,
    private readonly classes: ClassesService,
    private readonly uploads: UploadsService,
    private readonly host: TransactionHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get limits() {
    return this.config.practice;
  }

  /**
   * The class's item, when the student has active access to it: 404 for an unknown class, 403
   * `practice_clips.access_required` for an item never bought, expired or refunded.
   */
  async assertCanSend(user: AuthUser, classId: string) {
    try {
      return await this.classes.owned(classId, viewerOf(user));
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 403) {
        throw forbidden(
          PRACTICE_CLIP_ERRORS.accessRequired,
          'Practice clips can be sent only on a class of a course or formation you have active access to (this one has expired or was refunded)',
        );
      }
      throw err;
    }
  }

  private async assertRoomFor(userId: string): Promise<void> {
    const max = this.config.practice.maxPending;
    if ((await this.repo.countPending(userId)) >= max) {
      throw new AppError(
        409,
        PRACTICE_CLIP_ERRORS.tooManyPending,
        `You already have ${max} clips waiting for an answer: wait for one, or delete one`,
        { data: { maxPending: max } },
      );
    }
  }

  /** POST /practice/clips: checks access, room, the container; stores the file; records the clip. */
  async create(user: AuthUser, clip: NewClip, file: ReceivedFile): Promise<PracticeClip> {
    try {
      const { itemType, itemId } = await this.assertCanSend(user, clip.classId);
      await this.assertRoomFor(user.id);
      const info = await checkClipFile(file, this.config.practice.maxSeconds, this.logger);
      const stored = await this.uploads.storePrivateMedia(file);
      try {
        const row = await this.host.run(async () => {
          await this.repo.lockStudent(user.id);
          await this.assertRoomFor(user.id);
          return this.repo.insertClip({
            userId: user.id,
            itemType,
            itemId,
            classId: clip.classId,
            note: clip.note,
            lang: clip.lang,
            source: clip.source,
            storage: stored.storage,
            publicId: stored.publicId,
            contentType: file.contentType,
            sizeBytes: file.size,
            durationSeconds: info.durationSeconds,
            frameRate: info.frameRate,
            codec: info.codec,
            width: info.width,
            height: info.height,
          });
        });
        return (await this.views.toClips([row]))[0]!;
      } catch (err) {
        // the clip was not recorded: its file goes (after this, so by a job of its own)
        await this.uploads.discardPrivateMedia([stored]);
        throw err;
      }
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  /** GET /practice/clips: the student's own clips with their comments. */
  async mine(user: AuthUser, classId?: string): Promise<PracticeClipsResponse> {
    const rows = await this.repo.clipsOf(user.id, classId);
    return {
      clips: await this.views.toClips(rows),
      pending: await this.repo.countPending(user.id),
      maxPending: this.config.practice.maxPending,
      maxBytes: this.config.practice.maxBytes,
      maxSeconds: this.config.practice.maxSeconds,
    };
  }

  /** DELETE /practice/clips/{id}: the student's own (404 for anyone else's); its files go too. */
  async remove(user: AuthUser, id: string): Promise<void> {
    const row = await this.repo.clip(id);
    if (!row || row.userId !== user.id) throw clipNotFound();
    await this.host.run(async () => {
      const voices = await this.repo.voicesOf([row.id]);
      // a second delete of the same clip (a double tap, a retry) finds it gone: 404 as for anyone else's
      if (!(await this.repo.deleteClip(row.id))) throw clipNotFound();
      await this.uploads.discardPrivateMedia([row, ...voices]);
    });
  }

  /**
   * Called in the transaction that deletes a student's account: the rows go with the account
   * (foreign keys), the files by the job written here.
   */
  async discardFilesOfStudent(userId: string): Promise<void> {
    await this.uploads.discardPrivateMedia(await this.repo.filesOfStudent(userId));
  }
}
