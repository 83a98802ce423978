import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMON_ERRORS,
  PRACTICE_CLIP_ERRORS,
  PRACTICE_CLIP_PATHS,
  UPLOAD_ERRORS,
  type Lang,
  type PracticeClip,
  type PracticeClipSource,
  type PracticeClipsResponse,
} from '@circo/shared-contracts';
import { ApiError, api, getJson, uploadForm } from '@circo/shared-web';
import { useUserId } from '../shared/hooks';

// The student's practice clips: keys under 'learning' and the user id, like the rest
// of the student area (one user's clips never show to the next user of the tab).
export const clipKeys = {
  all: (userId: string) => ['learning', userId, 'practice-clips'] as const,
  ofClass: (userId: string, classId: string) =>
    ['learning', userId, 'practice-clips', classId] as const,
};

export function useClips(classId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: clipKeys.ofClass(userId, classId),
    queryFn: getJson<PracticeClipsResponse>(
      `${PRACTICE_CLIP_PATHS.clips}?classId=${encodeURIComponent(classId)}`,
    ),
    enabled: userId !== '',
    // the links to the files expire (MEDIA_LINK_TTL_SECONDS): fetched fresh when opened again
    staleTime: 60_000,
  });
}

export function useRefreshClips() {
  const client = useQueryClient();
  const userId = useUserId();
  return () => client.invalidateQueries({ queryKey: clipKeys.all(userId) });
}

/** Sends a file or a recorded attempt, reporting 0-100 %. */
export function sendClip(
  input: { classId: string; note: string; source: PracticeClipSource; lang: Lang },
  file: Blob,
  fileName: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PracticeClip> {
  const form = new FormData();
  form.append('classId', input.classId);
  if (input.note.trim()) form.append('note', input.note.trim());
  form.append('source', input.source);
  form.append('lang', input.lang);
  form.append('file', file, fileName);
  return uploadForm<PracticeClip>(PRACTICE_CLIP_PATHS.clips, form, onProgress, signal);
}

export const deleteClip = (id: string) =>
  api<void>(PRACTICE_CLIP_PATHS.clip(id), { method: 'DELETE' });

/** The i18n key (namespace learning) of a refused clip. */
export function clipErrorKey(err: unknown): string {
  const code = err instanceof ApiError ? err.code : '';
  switch (code) {
    case PRACTICE_CLIP_ERRORS.accessRequired:
      return 'practice.clips.errors.access';
    case PRACTICE_CLIP_ERRORS.tooManyPending:
      return 'practice.clips.errors.tooMany';
    case PRACTICE_CLIP_ERRORS.tooLong:
      return 'practice.clips.errors.tooLong';
    case PRACTICE_CLIP_ERRORS.unreadable:
      return 'practice.clips.errors.unreadable';
    case PRACTICE_CLIP_ERRORS.noVideo:
      return 'practice.clips.errors.noVideo';
    case UPLOAD_ERRORS.tooLarge:
      return 'practice.clips.errors.tooLarge';
    case UPLOAD_ERRORS.wrongType:
      return 'practice.clips.errors.wrongType';
    case COMMON_ERRORS.tooManyRequests:
      return 'practice.clips.errors.tooFast';
    default:
      return 'practice.clips.errors.failed';
  }
}
