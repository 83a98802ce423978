import { Inject, Injectable, Logger } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import {
  PRACTICE_CLIP_ERRORS,
  PRACTICE_COMMENTS_MAX,
  PRACTICE_QUEUE_PAGE_SIZE,
  roundPoint,
  type AdminPracticeClip,
  type AdminPracticeClipsPage,
  type AdminWaitingWork,
  type PracticeClipStatus,
} from '@circo/shared-contracts';
import { conflict, notFound } from '../../common/errors/app-error.js';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import { MailService } from '../mail/index.js';
import { type ReceivedFile, UploadsService } from '../uploads/index.js';
import { answerMail } from './answer-mail.js';
import { checkComment, checkVoice, clipNotFound, type NewComment } from './clip-checks.js';
import { ClipViews } from './clip-views.js';
import { PracticeClipsRepository } from './practice-clips.repository.js';

/** The e-mail telling a student their clip is answered (key `practice-answered:<clip>:<latest comment>`). */
export const ANSWER_MAIL_JOB = 'practice-clips.answered-mail';

/**
 * The teacher's side of practice feedback: the queue of clips, comments pinned to moments of a
 * clip (with drawings and voice notes), and the answered status, whose e-mail to the student is a
 * durable job written with the change.
 */
@Injectable()
export class PracticeAnswersService {
  private readonly logger = new Logger('PracticeClips');

  constructor(
    private readonly repo: PracticeClipsRepository,
    private readonly views: ClipViews,
    private readonly host: TransactionHost,
    private readonly uploads: UploadsService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(ANSWER_MAIL_JOB)
  protected runAnswerMail(payload: JobPayload, job: JobContext): Promise<void> {
    return this.sendAnswerMail(String(payload.clipId), job);
  }

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
    return { clips: await this.views.toAdminClips(rows), status, page, pageSize: size, total };
  }

  /** What waits for the teacher: the clips not answered yet. */
  async waiting(): Promise<AdminWaitingWork> {
    const clips = await this.repo.countByStatus('pending');
    return { clips, total: clips };
  }

  adminClip(id: string): Promise<AdminPracticeClip> {
    return this.views.adminClip(id);
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
      checkComment(row, comment, voice !== null);
      if ((await this.repo.countComments(id)) >= PRACTICE_COMMENTS_MAX) {
        throw conflict(
          PRACTICE_CLIP_ERRORS.tooManyComments,
          `A clip holds at most ${PRACTICE_COMMENTS_MAX} comments`,
        );
      }
      let stored: { storage: 'local' | 'cloudinary'; publicId: string } | null = null;
      let voiceSeconds: number | null = null;
      if (voice) {
        voiceSeconds = await checkVoice(voice, this.logger);
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
}
