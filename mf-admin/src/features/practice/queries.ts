// Practice feedback's data for the teacher. Keys live under ['admin'], so every admin
// write (useAdminWrite) refreshes them too.
import { queryOptions } from '@tanstack/react-query';
import {
  PRACTICE_CLIP_PATHS,
  PRACTICE_CLIP_ERRORS,
  type AdminPracticeClip,
  type AdminPracticeClipsPage,
  type DrawingShape,
  type PracticeClipStatus,
} from '@circo/shared-contracts';
import { ApiError, api, getJson, uploadForm } from '@circo/shared-web';

export const practiceKeys = {
  all: ['admin', 'practice'] as const,
  queue: (status: PracticeClipStatus, page: number) =>
    ['admin', 'practice', 'queue', status, page] as const,
  clip: (id: string) => ['admin', 'practice', 'clip', id] as const,
};

export const practiceQueries = {
  /** GET /admin/practice/clips?status=&page= */
  queue: (status: PracticeClipStatus, page: number) =>
    queryOptions({
      queryKey: practiceKeys.queue(status, page),
      queryFn: getJson<AdminPracticeClipsPage>(PRACTICE_CLIP_PATHS.adminClips, { status, page }),
    }),
  /** GET /admin/practice/clips/{id} (its file links expire: fetched fresh when opened) */
  clip: (id: string) =>
    queryOptions({
      queryKey: practiceKeys.clip(id),
      queryFn: getJson<AdminPracticeClip>(PRACTICE_CLIP_PATHS.adminClip(id)),
      staleTime: 60_000,
    }),
};

/** The admin text key (namespace admin) of a refused comment or status change. */
export function practiceErrorKey(err: unknown): string {
  switch (err instanceof ApiError ? err.code : '') {
    case PRACTICE_CLIP_ERRORS.timeOutside:
      return 'practice.errors.timeOutside';
    case PRACTICE_CLIP_ERRORS.drawingOutside:
    case PRACTICE_CLIP_ERRORS.drawingInvalid:
      return 'practice.errors.drawing';
    case PRACTICE_CLIP_ERRORS.emptyComment:
      return 'practice.errors.empty';
    case PRACTICE_CLIP_ERRORS.voiceTooLong:
      return 'practice.errors.voiceTooLong';
    case PRACTICE_CLIP_ERRORS.noComments:
      return 'practice.errors.noComments';
    case PRACTICE_CLIP_ERRORS.tooManyComments:
      return 'practice.errors.tooMany';
    default:
      return 'practice.errors.failed';
  }
}

/**
 * Adds a comment at a moment of the clip: JSON, or a multipart form when it carries a voice note
 * (the text and the drawing ride along as fields).
 */
export async function postComment(
  clipId: string,
  c: { atSeconds: number; text: string; shapes: DrawingShape[]; voice: Blob | null },
): Promise<void> {
  const path = PRACTICE_CLIP_PATHS.adminComments(clipId);
  if (!c.voice) {
    await api<AdminPracticeClip>(path, {
      method: 'POST',
      body: { atSeconds: c.atSeconds, text: c.text.trim(), drawing: c.shapes },
    });
    return;
  }
  const form = new FormData();
  form.append('atSeconds', String(c.atSeconds));
  if (c.text.trim()) form.append('text', c.text.trim());
  if (c.shapes.length) form.append('drawing', JSON.stringify(c.shapes));
  form.append('audio', c.voice, c.voice.type.includes('mp4') ? 'nota.m4a' : 'nota.webm');
  await uploadForm(path, form, () => undefined);
}
