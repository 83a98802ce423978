import { Inject, Injectable, Logger } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import {
  PRACTICE_CLIP_ERRORS,
  PRACTICE_COMMENTS_MAX,
  PRACTICE_QUEUE_PAGE_SIZE,
  PRACTICE_VOICE_MAX_SECONDS,
  UPLOAD_ERRORS,
  drawingProblem,
  roundPoint,
  type AdminPracticeClip,
  type AdminPracticeClipsPage,
  type AdminWaitingWork,
  type DrawingShape,
  type Lang,
  type PracticeClip,
  type PracticeClipSource,
  type PracticeClipStatus,
  type PracticeClipsResponse,
  type PracticeComment,
  type PracticeMedia,
} from '@circo/shared-contracts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from '../../common/errors/app-error.js';
import { viewerOf, ClassesService } from '../catalogue/index.js';
import { JobsService, type JobContext } from '../jobs/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { MailService } from '../mail/index.js';
import {
  MediaStorageService,
  readMediaInfo,
  type MediaInfo,
  type MediaProbe,
} from '../media/index.js';
import { type ReceivedFile, UploadsService } from '../uploads/index.js';
import { answerMail } from './answer-mail.js';
import { PracticeClipsRepository, type ClipContext } from './practice-clips.repository.js';
import type {
  PracticeClipCommentRow,
  PracticeClipRow,
} from '../../database/tables/practice-clips.table.js';

/** The e-mail telling a student their clip is answered (key `practice-answered:<clip>:<latest comment>`). */
export const ANSWER_MAIL_JOB = 'practice-clips.answered-mail';

/** A container may round its duration up a little: a comment at the last frame still counts. */
const DURATION_SLACK = 0.5;
const EMPTY_TITLE = { es: '', en: '', fr: '' };

const clipNotFound = () => notFound(PRACTICE_CLIP_ERRORS.notFound, 'Practice clip not found');

export interface NewClip {
  classId: string;
  note: string;
  source: PracticeClipSource;
  lang: Lang;
}

export interface NewComment {
  atSeconds: number;
  text: string;
  drawing: DrawingShape[];
}

/**
 * Practice feedback: the student's clips of classes they have active access to, and
 * the teacher's answers pinned to moments of them. Files go through the storage layer (local disk
 * or Cloudinary, private, short-lived links); deleting a clip, a comment with a voice note, or the
 * student's account removes their files by a durable job written in the same transaction.
 */
@Injectable()
export class PracticeClipsService {
  private readonly logger = new Logger('PracticeClips');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: PracticeClipsRepository,
    private readonly host: TransactionHost,
    private readonly classes: ClassesService,
    private readonly uploads: UploadsService,
    private readonly media: MediaStorageService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
  ) {
    jobs.register(ANSWER_MAIL_JOB, (payload, job) =>
      this.sendAnswerMail(String(payload.clipId), job),
    );
  }

  get limits() {
    return this.config.practice;
  }

  // ------------------------------------------------------------ the student's side

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
      const info = await this.checkClipFile(file);
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
        return (await this.toClips([row]))[0]!;
      } catch (err) {
        // the clip was not recorded: its file goes (after this, so by a job of its own)
        await this.uploads.discardPrivateMedia([stored]);
        throw err;
      }
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  private async checkClipFile(file: ReceivedFile): Promise<MediaInfo> {
    const info = this.readable(
      await readMediaInfo(file.tmpPath, { maxSeconds: this.config.practice.maxSeconds }),
      'file',
      "The video's length could not be read from the file: export it again as MP4 and send it",
    );
    if (!info.hasVideo) {
      throw badRequest(PRACTICE_CLIP_ERRORS.noVideo, 'The file has no picture, only sound', 'file');
    }
    const max = this.config.practice.maxSeconds;
    if (info.durationSeconds > max + DURATION_SLACK) {
      throw new AppError(
        400,
        PRACTICE_CLIP_ERRORS.tooLong,
        `The clip lasts ${Math.round(info.durationSeconds)} s: at most ${max} s (cut it to the moment you want corrected)`,
        {
          data: { maxSeconds: max, seconds: info.durationSeconds },
          errors: [
            { field: 'file', code: PRACTICE_CLIP_ERRORS.tooLong, message: `at most ${max} s` },
          ],
        },
      );
    }
    return info;
  }

  /**
   * The facts of a file its container gave, or 400 `practice_clips.unreadable`: with `message`
   * when it is not a container we read, else with what in it cannot be taken.
   */
  private readable(probe: MediaProbe, field: string, message: string): MediaInfo {
    if (probe.ok) return probe.info;
    if (probe.problem !== 'not_media') {
      this.logger.warn(`practice file refused: ${probe.problem} (${probe.detail})`);
      message = `The file cannot be used (${probe.detail}): export it again as MP4 and send it`;
    }
    throw badRequest(PRACTICE_CLIP_ERRORS.unreadable, message, field);
  }

  /** GET /practice/clips: the student's own clips with their comments. */
  async mine(user: AuthUser, classId?: string): Promise<PracticeClipsResponse> {
    const rows = await this.repo.clipsOf(user.id, classId);
    return {
      clips: await this.toClips(rows),
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

  // ------------------------------------------------------------ the teacher's side

  async queue(
    status: PracticeClipStatus,
    page: number,
    studentId?: string,
  ): Promise<AdminPracticeClipsPage> {
    const size = PRACTICE_QUEUE_PAGE_SIZE;
    const [rows, total] = await Promise.all([
      this.repo.queue(status, size, (page - 1) * size, studentId),
      this.repo.countByStatus(status, studentId),
    ]);
    return { clips: await this.toAdminClips(rows), status, page, pageSize: size, total };
  }

  /** What waits for the teacher: the clips not answered yet. */
  async waiting(): Promise<AdminWaitingWork> {
    const clips = await this.repo.countByStatus('pending');
    return { clips, total: clips };
  }

  async adminClip(id: string): Promise<AdminPracticeClip> {
    const row = await this.repo.clip(id);
    if (!row) throw clipNotFound();
    return (await this.toAdminClips([row]))[0]!;
  }

  /** POST /admin/practice/clips/{id}/comments (with an optional voice note). */
  async addComment(
    adminId: string,
    id: string,
    comment: NewComment,
    voice: ReceivedFile | null,
  ): Promise<AdminPracticeClip> {
    try {
      const row = await this.repo.clip(id);
      if (!row) throw clipNotFound();
      this.checkComment(row, comment, voice !== null);
      if ((await this.repo.countComments(id)) >= PRACTICE_COMMENTS_MAX) {
        throw conflict(
          PRACTICE_CLIP_ERRORS.tooManyComments,
          `A clip holds at most ${PRACTICE_COMMENTS_MAX} comments`,
        );
      }
      let stored: { storage: 'local' | 'cloudinary'; publicId: string } | null = null;
      let voiceSeconds: number | null = null;
      if (voice) {
        voiceSeconds = await this.checkVoice(voice);
        stored = await this.uploads.storePrivateMedia(voice);
      }
      try {
        await this.repo.insertComment({
          clipId: id,
          atSeconds: Math.round(comment.atSeconds * 1000) / 1000,
          text: comment.text,
          drawing: comment.drawing.map((s) => ({ kind: s.kind, points: s.points.map(roundPoint) })),
          voiceStorage: stored?.storage ?? null,
          voicePublicId: stored?.publicId ?? null,
          voiceContentType: voice?.contentType ?? null,
          voiceSeconds,
          createdBy: adminId,
        });
      } catch (err) {
        if (stored) await this.uploads.discardPrivateMedia([stored]);
        throw err;
      }
      return this.adminClip(id);
    } finally {
      if (voice) await rm(voice.tmpPath, { force: true });
    }
  }

  private checkComment(row: PracticeClipRow, c: NewComment, hasVoice: boolean): void {
    if (c.atSeconds > row.durationSeconds + DURATION_SLACK) {
      throw new AppError(
        400,
        PRACTICE_CLIP_ERRORS.timeOutside,
        `atSeconds must be within the clip (0 to ${row.durationSeconds} s)`,
        {
          data: { durationSeconds: row.durationSeconds },
          errors: [
            {
              field: 'atSeconds',
              code: PRACTICE_CLIP_ERRORS.timeOutside,
              message: 'outside the clip',
            },
          ],
        },
      );
    }
    const problem = drawingProblem(c.drawing);
    if (problem === 'outside') {
      throw badRequest(
        PRACTICE_CLIP_ERRORS.drawingOutside,
        'Every point of a drawing must be inside the frame (coordinates 0 to 1)',
        'drawing',
      );
    }
    if (problem) {
      throw badRequest(
        PRACTICE_CLIP_ERRORS.drawingInvalid,
        'drawing must be a list of { kind: line|arrow|circle|angle, points: [[x, y], ...] } (2 points, 3 for an angle)',
        'drawing',
      );
    }
    if (!c.text && c.drawing.length === 0 && !hasVoice) {
      throw badRequest(
        PRACTICE_CLIP_ERRORS.emptyComment,
        'A comment needs a text, a drawing or a voice note',
        'text',
      );
    }
  }

  private async checkVoice(voice: ReceivedFile): Promise<number> {
    const info = this.readable(
      await readMediaInfo(voice.tmpPath, { maxSeconds: PRACTICE_VOICE_MAX_SECONDS }),
      'audio',
      "The voice note's length could not be read: record it again",
    );
    if (info.hasVideo || !info.hasAudio) {
      throw new AppError(
        415,
        UPLOAD_ERRORS.wrongType,
        'A voice note is a sound recording only: this file has a picture or no sound',
        { errors: [{ field: 'audio', code: UPLOAD_ERRORS.wrongType, message: 'sound only' }] },
      );
    }
    if (info.durationSeconds > PRACTICE_VOICE_MAX_SECONDS + DURATION_SLACK) {
      throw badRequest(
        PRACTICE_CLIP_ERRORS.voiceTooLong,
        `A voice note lasts at most ${PRACTICE_VOICE_MAX_SECONDS} s`,
        'audio',
      );
    }
    return info.durationSeconds;
  }

  /** DELETE /admin/practice/clips/{id}/comments/{commentId}: its voice note goes too. */
  async removeComment(id: string, commentId: string): Promise<void> {
    const row = await this.repo.clip(id);
    if (!row) throw clipNotFound();
    await this.host.run(async () => {
      const gone = await this.repo.deleteComment(id, commentId);
      if (!gone) {
        throw notFound(
          PRACTICE_CLIP_ERRORS.commentNotFound,
          'No comment with this id on this clip',
        );
      }
      if (gone.voiceStorage && gone.voicePublicId) {
        await this.uploads.discardPrivateMedia([
          { storage: gone.voiceStorage, publicId: gone.voicePublicId },
        ]);
      }
    });
  }

  /**
   * PATCH /admin/practice/clips/{id}: answered (at least one comment; the student's e-mail is a
   * job written with the change) or back to pending.
   */
  async setStatus(
    adminId: string,
    id: string,
    status: PracticeClipStatus,
    now = new Date(),
  ): Promise<AdminPracticeClip> {
    const row = await this.repo.clip(id);
    if (!row) throw clipNotFound();
    if (row.status === status) return this.adminClip(id);
    if (status === 'answered' && (await this.repo.countComments(id)) === 0) {
      throw conflict(
        PRACTICE_CLIP_ERRORS.noComments,
        'Add at least one comment before marking the clip answered',
      );
    }
    await this.host.run(async () => {
      await this.repo.setStatus(id, status, adminId, now);
      if (status === 'answered') {
        // one e-mail per answer: marked answered again with no new comment, the student already knows
        const latest = await this.repo.latestCommentId(id);
        await this.jobs.enqueue(
          ANSWER_MAIL_JOB,
          { clipId: id },
          { key: `practice-answered:${id}:${latest}` },
        );
      }
    });
    return this.adminClip(id);
  }

  private async sendAnswerMail(clipId: string, job: JobContext): Promise<void> {
    const row = await this.repo.clip(clipId);
    // deleted since, or re-opened: nothing to tell
    if (!row || row.status !== 'answered') return;
    const ctx = (await this.repo.contexts([clipId])).get(clipId);
    if (!ctx) return;
    const lang = row.lang;
    const title = ctx.classTitle
      ? ctx.classTitle[lang] || ctx.classTitle.es || ctx.classTitle.en || ctx.classTitle.fr
      : '';
    const comments = await this.repo.countComments(clipId);
    const base = row.itemType === 'course' ? 'curso' : 'formacion';
    const link = `${this.config.publicUrl}/mis-cursos/${base}/${row.itemId}?class=${row.classId}&clip=${row.id}`;
    await this.mail.send({
      to: ctx.email,
      ...answerMail(lang, ctx.name, title, comments, link),
      job,
    });
    this.logger.log(`practice clip ${clipId} answered: e-mail to its student`);
  }

  // ------------------------------------------------------------ answers

  private link(
    storage: 'local' | 'cloudinary',
    publicId: string,
  ): { url: string; expiresAt: string | null } {
    try {
      return this.media.privateMediaLink(storage, publicId);
    } catch (err) {
      // Cloudinary no longer configured: the clip is still listed, without a playable link
      this.logger.warn(
        `no link for ${storage} ${publicId}: ${String((err as Error)?.message ?? err)}`,
      );
      return { url: '', expiresAt: null };
    }
  }

  private async toComment(c: PracticeClipCommentRow): Promise<PracticeComment> {
    let voice: PracticeMedia | null = null;
    if (c.voiceStorage && c.voicePublicId) {
      voice = {
        ...this.link(c.voiceStorage, c.voicePublicId),
        contentType: c.voiceContentType ?? 'audio/webm',
        seconds: c.voiceSeconds ?? 0,
      };
    }
    return {
      _id: c.id,
      atSeconds: c.atSeconds,
      text: c.text,
      drawing: c.drawing,
      voice,
      createdAt: c.createdAt.toISOString(),
    };
  }

  private async toClips(rows: PracticeClipRow[]): Promise<PracticeClip[]> {
    const comments = await this.repo.commentsOf(rows.map((r) => r.id));
    return Promise.all(
      rows.map(async (r) => ({
        _id: r.id,
        classId: r.classId,
        itemType: r.itemType,
        itemId: r.itemId,
        note: r.note,
        source: r.source,
        status: r.status,
        video: {
          ...this.link(r.storage, r.publicId),
          contentType: r.contentType,
          seconds: r.durationSeconds,
        },
        frameRate: r.frameRate,
        codec: r.codec,
        width: r.width,
        height: r.height,
        sizeBytes: r.sizeBytes,
        createdAt: r.createdAt.toISOString(),
        answeredAt: r.answeredAt?.toISOString() ?? null,
        comments: await Promise.all(
          comments.filter((c) => c.clipId === r.id).map((c) => this.toComment(c)),
        ),
      })),
    );
  }

  private async toAdminClips(rows: PracticeClipRow[]): Promise<AdminPracticeClip[]> {
    const [clips, contexts] = await Promise.all([
      this.toClips(rows),
      this.repo.contexts(rows.map((r) => r.id)),
    ]);
    return clips.map((clip) => {
      const ctx: ClipContext | undefined = contexts.get(clip._id);
      return {
        ...clip,
        student: {
          _id: rows.find((r) => r.id === clip._id)!.userId,
          name: ctx?.name ?? '',
          surname: ctx?.surname ?? '',
          email: ctx?.email ?? '',
        },
        itemTitle: ctx?.itemTitle ?? EMPTY_TITLE,
        classTitle: ctx?.classTitle ?? EMPTY_TITLE,
      };
    });
  }
}
