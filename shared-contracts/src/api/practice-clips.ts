import type { Localized } from '../languages.js';
import type { ItemType } from './catalog.js';
import type { DrawingShape } from '../domain/practice-drawing.js';

// Practice feedback: a student sends a clip of their practice on a class of an item
// with active access; the teacher answers with comments pinned to moments of it, each with
// drawings on that frame and an optional voice note, and marks it answered (the student gets an
// e-mail). A clip is visible only to its student (404 to anyone else) and to admins.

export const PRACTICE_CLIP_STATUSES = ['pending', 'answered'] as const;
export type PracticeClipStatus = (typeof PRACTICE_CLIP_STATUSES)[number];

/** How the clip was made: a file from the device, or an attempt recorded in the practice player. */
export const PRACTICE_CLIP_SOURCES = ['file', 'recording'] as const;
export type PracticeClipSource = (typeof PRACTICE_CLIP_SOURCES)[number];

/** The longest note of a clip and text of a comment. */
export const PRACTICE_NOTE_MAX = 1000;
export const PRACTICE_COMMENT_MAX = 1000;
/** Comments one clip may hold. */
export const PRACTICE_COMMENTS_MAX = 40;
/** The longest voice note, in seconds. */
export const PRACTICE_VOICE_MAX_SECONDS = 60;
/** The largest voice note (a minute of Opus is well under 1 MB). */
export const PRACTICE_VOICE_MAX_BYTES = 5 * 1_048_576;
/** Clips per page of the teacher's queue. */
export const PRACTICE_QUEUE_PAGE_SIZE = 50;

/** A stored media file, through a short-lived link. */
export interface PracticeMedia {
  url: string;
  /** ISO instant the link stops working (null: a provider URL that does not expire) */
  expiresAt: string | null;
  contentType: string;
  seconds: number;
}

export interface PracticeComment {
  _id: string;
  atSeconds: number;
  text: string;
  drawing: DrawingShape[];
  voice: PracticeMedia | null;
  createdAt: string;
}

export interface PracticeClip {
  _id: string;
  classId: string;
  itemType: ItemType;
  itemId: string;
  note: string;
  source: PracticeClipSource;
  status: PracticeClipStatus;
  video: PracticeMedia;
  /** frames per second read from the container (null: unknown, the player measures it) */
  frameRate: number | null;
  /** the video codec the container names ('avc1.64001f', 'hvc1', 'vp8'...), null when unknown */
  codec: string | null;
  width: number | null;
  height: number | null;
  sizeBytes: number;
  createdAt: string;
  answeredAt: string | null;
  /** pinned comments, earliest moment first */
  comments: PracticeComment[];
}

/** GET /practice/clips[?classId=]: the student's own clips, newest first. */
export interface PracticeClipsResponse {
  clips: PracticeClip[];
  /** clips waiting for an answer, and how many may wait at once */
  pending: number;
  maxPending: number;
  maxBytes: number;
  maxSeconds: number;
}

/** A clip in the teacher's queue and answer view. */
export interface AdminPracticeClip extends PracticeClip {
  student: { _id: string; name: string; surname: string; email: string };
  itemTitle: Localized;
  classTitle: Localized;
}

/** GET /admin/practice/clips?status=pending|answered&page= : oldest first when pending. */
export interface AdminPracticeClipsPage {
  clips: AdminPracticeClip[];
  status: PracticeClipStatus;
  page: number;
  pageSize: number;
  total: number;
}

/** GET /admin/practice/clips/waiting: the work waiting for the teacher, counted (the admin's home and the header's menu). */
export interface AdminWaitingWork {
  /** Students' clips waiting for an answer. */
  clips: number;
  /** Everything waiting, summed (what the header's menu shows). */
  total: number;
}

/** POST /admin/practice/clips/{id}/comments (JSON, or multipart with `audio` and these fields). */
export interface PostPracticeCommentBody {
  atSeconds: number;
  text?: string;
  drawing?: DrawingShape[];
}

/** PATCH /admin/practice/clips/{id} */
export interface PatchPracticeClipBody {
  status: PracticeClipStatus;
}

const enc = encodeURIComponent;

export const PRACTICE_CLIP_PATHS = {
  clips: '/practice/clips',
  clip: (id: string) => `/practice/clips/${enc(id)}`,
  adminClips: '/admin/practice/clips',
  adminWaiting: '/admin/practice/clips/waiting',
  adminClip: (id: string) => `/admin/practice/clips/${enc(id)}`,
  adminComments: (id: string) => `/admin/practice/clips/${enc(id)}/comments`,
  adminComment: (id: string, commentId: string) =>
    `/admin/practice/clips/${enc(id)}/comments/${enc(commentId)}`,
} as const;

export const PRACTICE_CLIP_ERRORS = {
  notFound: 'practice_clips.not_found',
  commentNotFound: 'practice_clips.comment_not_found',
  accessRequired: 'practice_clips.access_required',
  tooManyPending: 'practice_clips.too_many_pending',
  tooLong: 'practice_clips.too_long',
  unreadable: 'practice_clips.unreadable',
  noVideo: 'practice_clips.no_video',
  timeOutside: 'practice_clips.time_outside',
  drawingInvalid: 'practice_clips.drawing_invalid',
  drawingOutside: 'practice_clips.drawing_outside',
  emptyComment: 'practice_clips.empty_comment',
  tooManyComments: 'practice_clips.too_many_comments',
  voiceTooLong: 'practice_clips.voice_too_long',
  noComments: 'practice_clips.no_comments',
} as const;
