// The student area's query keys and fetchers (My Courses and the viewers). Keys start with
// 'learning' and carry the user id and the language: one user's purchases are never shown to the
// next user of the same tab, and a language switch asks for that language's answer.
import { queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  LEARNING_PATHS,
  VIDEO_STATUS_POLL_MS,
  type ClassDetail,
  type ItemType,
  type Lang,
  type MyCourseResponse,
  type MyFormationResponse,
  type MyItemsResponse,
  type PrivateMediaResponse,
  type PrivateVideoResponse,
  type VideoStatusResponse,
} from '@circo/shared-contracts';
import { api, toApiError } from '../client';
import { queuedWrites, sendOrQueue } from '../../offline/outbox';
import { getJson } from './fetcher';
import { useApiMutation } from './mutation';

/** The viewer answer of a course or a formation. */
export type MyItemOf<K extends ItemType> = K extends 'course'
  ? MyCourseResponse
  : MyFormationResponse;

export const learningKeys = {
  all: ['learning'] as const,
  myItems: (userId: string, lang: Lang) => ['learning', userId, 'items', { lang }] as const,
  item: (userId: string, kind: ItemType, id: string, lang: Lang) =>
    ['learning', userId, kind, id, { lang }] as const,
  classDetail: (userId: string, id: string, lang: Lang) =>
    ['learning', userId, 'class', id, { lang }] as const,
  videoStatus: (videoId: string) => ['learning', 'video-status', videoId] as const,
};

const ITEM_PATH: Record<ItemType, (id: string) => string> = {
  course: LEARNING_PATHS.course,
  formation: LEARNING_PATHS.formation,
};

export const learningQueries = {
  /** GET /learning/my-items?lang= : the cards of /mis-cursos. */
  myItems: (userId: string, lang: Lang) =>
    queryOptions({
      queryKey: learningKeys.myItems(userId, lang),
      queryFn: getJson<MyItemsResponse>(LEARNING_PATHS.myItems, { lang }),
    }),
  /** GET /learning/courses/{id} or /learning/formations/{id} : a viewer's data. */
  item: <K extends ItemType>(userId: string, kind: K, id: string, lang: Lang) =>
    queryOptions({
      queryKey: learningKeys.item(userId, kind, id, lang),
      queryFn: getJson<MyItemOf<K>>(ITEM_PATH[kind](id), { lang }),
    }),
  /** GET /classes/{id}?lang= : the selected class with its PDF and video lists (no URLs). */
  classDetail: (userId: string, id: string, lang: Lang) =>
    queryOptions({
      queryKey: learningKeys.classDetail(userId, id, lang),
      queryFn: getJson<ClassDetail>(LEARNING_PATHS.classDetail(id), { lang }),
    }),
  /** GET /upload/video-status/{videoId}, asked again every 15 s while the video is processing. */
  videoStatus: (videoId: string) =>
    queryOptions({
      queryKey: learningKeys.videoStatus(videoId),
      queryFn: getJson<VideoStatusResponse>(LEARNING_PATHS.videoStatus(videoId)),
      refetchInterval: (q) =>
        q.state.data?.status === 'processing' ? VIDEO_STATUS_POLL_MS : false,
    }),
};

/**
 * A private PDF's short-lived link, asked for on demand (never cached: links expire).
 * Formation classes and course classes have their own routes (spec section 7).
 */
export async function fetchPrivatePdf(
  itemType: ItemType,
  classId: string,
  index: number,
  lang: Lang,
): Promise<PrivateMediaResponse> {
  const path =
    itemType === 'formation'
      ? LEARNING_PATHS.formationPdf(classId, index, lang)
      : LEARNING_PATHS.coursePdf(classId, index, lang);
  try {
    return await api<PrivateMediaResponse>(path);
  } catch (err) {
    throw toApiError(err);
  }
}

/** A private video's short-lived URL, provider and processing status, on demand. */
export async function fetchPrivateVideo(
  classId: string,
  index: number,
  lang: Lang,
): Promise<PrivateVideoResponse> {
  try {
    return await api<PrivateVideoResponse>(LEARNING_PATHS.video(classId, index, lang));
  } catch (err) {
    throw toApiError(err);
  }
}

export interface ToggleDoneVars {
  classId: string;
  done: boolean;
}

/**
 * Marks or unmarks a class done (spec section 4, "Class progress"), optimistically: the viewer's
 * `completed` list changes at once, and goes back as it was when the server refuses.
 */
export function useToggleClassDone(opts: {
  userId: string;
  kind: ItemType;
  itemId: string;
  lang: Lang;
}) {
  const client = useQueryClient();
  const { userId, kind, itemId, lang } = opts;
  const key: QueryKey = learningKeys.item(userId, kind, itemId, lang);
  const setCompleted = (update: (ids: string[]) => string[]) =>
    client.setQueryData<MyCourseResponse | MyFormationResponse>(key, (old) =>
      old ? { ...old, completed: update(old.completed) } : old,
    );
  return useApiMutation<
    { clasesCompletadas: string[] } | null,
    ToggleDoneVars,
    { before: string[] }
  >({
    // with no network the mark waits on the device and goes when the network is back (null)
    mutationFn: async ({ classId, done }) => {
      const mark = kind === 'course' ? LEARNING_PATHS.markCourse : LEARNING_PATHS.markFormation;
      const unmark =
        kind === 'course' ? LEARNING_PATHS.unmarkCourse : LEARNING_PATHS.unmarkFormation;
      const res = await sendOrQueue<{ clasesCompletadas: string[] }>(
        userId,
        done
          ? {
              id: crypto.randomUUID(),
              method: 'POST',
              path: mark(userId, itemId),
              body: { classId },
            }
          : { id: crypto.randomUUID(), method: 'DELETE', path: unmark(userId, itemId, classId) },
      );
      return res.sent ? res.data : null;
    },
    onMutate: async ({ classId, done }) => {
      await client.cancelQueries({ queryKey: key });
      const before =
        client.getQueryData<MyCourseResponse | MyFormationResponse>(key)?.completed ?? [];
      setCompleted((ids) =>
        done ? [...ids.filter((x) => x !== classId), classId] : ids.filter((x) => x !== classId),
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context) setCompleted(() => context.before);
    },
    onSuccess: (data) => {
      if (!data) return;
      setCompleted(() => data.clasesCompletadas);
      // other languages' copies of this item hold the old list: ask again when next shown
      void client.invalidateQueries({
        queryKey: ['learning', userId, kind, itemId],
        refetchType: 'none',
      });
      void client.invalidateQueries({ queryKey: learningKeys.myItems(userId, lang).slice(0, 3) });
    },
  });
}

/**
 * The classes done of an item as the student left them: the server's list with the marks still
 * waiting on the device (made with no network) applied in order.
 */
export function withQueuedMarks(
  userId: string,
  kind: ItemType,
  itemId: string,
  completed: string[],
): string[] {
  const mark = (kind === 'course' ? LEARNING_PATHS.markCourse : LEARNING_PATHS.markFormation)(
    userId,
    itemId,
  );
  let done = completed;
  for (const w of queuedWrites(userId)) {
    if (w.method === 'POST' && w.path === mark) {
      const { classId } = w.body as { classId: string };
      done = [...done.filter((c) => c !== classId), classId];
    } else if (w.method === 'DELETE' && w.path.startsWith(`${mark}/`)) {
      const classId = decodeURIComponent(w.path.slice(mark.length + 1));
      done = done.filter((c) => c !== classId);
    }
  }
  return done;
}
