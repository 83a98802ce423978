import { Injectable, Logger } from '@nestjs/common';
import type {
  AdminPracticeClip,
  PracticeClip,
  PracticeComment,
  PracticeMedia,
} from '@circo/shared-contracts';
import { MediaStorageService } from '../media/index.js';
import { clipNotFound } from './clip-checks.js';
import { PracticeClipsRepository, type ClipContext } from './practice-clips.repository.js';
import type {
  PracticeClipCommentRow,
  PracticeClipRow,
} from '../../database/tables/practice-clips.table.js';

const EMPTY_TITLE = { es: '', en: '', fr: '' };

/** Clips as the student and the teacher see them: comments, context, short-lived file links. */
@Injectable()
export class ClipViews {
  private readonly logger = new Logger('PracticeClips');

  constructor(
    private readonly repo: PracticeClipsRepository,
    private readonly media: MediaStorageService,
  ) {}

  /** One clip as the teacher sees it (404 when there is none). */
  async adminClip(id: string): Promise<AdminPracticeClip> {
    const row = await this.repo.clip(id);
    if (!row) throw clipNotFound();
    return (await this.toAdminClips([row]))[0]!;
  }

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

  async toClips(rows: PracticeClipRow[]): Promise<PracticeClip[]> {
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

  async toAdminClips(rows: PracticeClipRow[]): Promise<AdminPracticeClip[]> {
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
