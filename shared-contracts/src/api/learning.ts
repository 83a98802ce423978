import type { Lang, Localized } from '../languages.js';
import type { ItemType, ModuleSummary, ClassSummary } from './catalog.js';

// The student area (My Courses and the student viewers, spec storefront.md sections 2, 4, 7).
// The spec gives the private-media paths; it says "paths not shown" for the student's formation
// and course data, so those are ours: /learning/... below (documented in /api/docs too).

/** Where a student's access to one item stands; `expiresAt` is null for an admin (no expiry). */
export interface LearningAccess {
  expiresAt: string | null;
  expired: boolean;
  /**
   * Set when a membership gives this access: "with <plan>, renews <expiresAt>" (or, cancelled,
   * "until <expiresAt>"). Absent for a purchase, an admin grant, or the admin's view.
   */
  membership?: { planName: Localized; renews: boolean } | null;
}

/** One card of /mis-cursos: the item's public face in the visible languages, and the access. */
export interface MyItem extends LearningAccess {
  _id: string;
  type: ItemType;
  /** Title, description and image of the languages the item is visible in ('' / null elsewhere). */
  title: Localized;
  description: Localized;
  image: Localized<string | null>;
  /** USD, base price (for "buy again"). */
  price: number;
  visible: Localized<boolean>;
}

/**
 * GET /learning/my-items?lang= : a student's purchases (active and expired, latest expiry per
 * item), or for an admin every formation and course visible in `lang` with no expiry.
 */
export interface MyItemsResponse {
  admin: boolean;
  formations: MyItem[];
  courses: MyItem[];
}

/** GET /learning/formations/{id}?lang= : a bought formation with its visible modules and classes. */
export interface MyFormationResponse {
  formation: MyItem;
  modules: ModuleSummary[];
  /** Class ids the caller marked done in this formation. */
  completed: string[];
}

/** GET /learning/courses/{id}?lang= : a bought course with its visible classes. */
export interface MyCourseResponse {
  course: MyItem;
  classes: ClassSummary[];
  completed: string[];
}

/** The three private-media routes answer a short-lived URL (Cloudinary or a signed local link). */
export interface PrivateMediaResponse {
  url: string;
  /** When the link stops working (ISO); null for a video provider's player URL. */
  expiresAt: string | null;
}

/** What a video URL is: a local file the browser plays itself, or a Vimeo player to embed. */
export type VideoProvider = 'local' | 'vimeo' | 'external';

/** GET /upload/video/{classId}/{index}/{lang} */
export interface PrivateVideoResponse extends PrivateMediaResponse {
  provider: VideoProvider;
  /** The id /upload/video-status/{videoId} takes. */
  videoId: string;
  status: VideoStatus;
  /**
   * Frames per second read from the file's container at upload (frame stepping); null when
   * unknown (a link, a WebM, an older upload): the player then measures it.
   */
  frameRate: number | null;
  /**
   * A Vimeo video whose account gives file links: its file as a signed link of this origin
   * (`/api/files/private/vimeo/<id>.mp4?exp=&sig=`, ranges served) and its size, for offline
   * practice. Absent for any other video (online only).
   */
  offlineFile?: { url: string; bytes: number };
}

/** "available" means ready; the player polls every 15 s while "processing" (spec section 9). */
export type VideoStatus = 'available' | 'processing' | 'error';
export const VIDEO_STATUS_POLL_MS = 15_000;

/** GET /upload/video-status/{videoId} */
export interface VideoStatusResponse {
  status: VideoStatus;
}

const enc = encodeURIComponent;

/** The student-area API paths (relative to /api). */
export const LEARNING_PATHS = {
  myItems: '/learning/my-items',
  formation: (id: string) => `/learning/formations/${enc(id)}`,
  course: (id: string) => `/learning/courses/${enc(id)}`,
  /** GET /classes/{id}?lang= (ClassDetail, catalog.ts) */
  classDetail: (id: string) => `/classes/${enc(id)}`,
  formationPdf: (classId: string, index: number, lang: Lang) =>
    `/cloudinary/privado/${enc(classId)}/${index}/${lang}`,
  coursePdf: (classId: string, index: number, lang: Lang) =>
    `/cloudinary/pdf-curso-privado/${enc(classId)}/${index}/${lang}`,
  video: (classId: string, index: number, lang: Lang) =>
    `/upload/video/${enc(classId)}/${index}/${lang}`,
  videoStatus: (videoId: string) => `/upload/video-status/${enc(videoId)}`,
  markCourse: (userId: string, courseId: string) =>
    `/users/${enc(userId)}/progreso-curso/${enc(courseId)}`,
  unmarkCourse: (userId: string, courseId: string, classId: string) =>
    `/users/${enc(userId)}/progreso-curso/${enc(courseId)}/${enc(classId)}`,
  markFormation: (userId: string, formationId: string) =>
    `/users/${enc(userId)}/progreso-formacion/${enc(formationId)}`,
  unmarkFormation: (userId: string, formationId: string, classId: string) =>
    `/users/${enc(userId)}/progreso-formacion/${enc(formationId)}/${enc(classId)}`,
} as const;

/** Media indexes the private routes accept (pdfs[i] / videos[i] of ClassDetail). */
export const MEDIA_INDEX_MAX = 999;

/** How long a signed private-media link works (local storage and Cloudinary). */
export const SIGNED_MEDIA_TTL_SECONDS = 600;
