// The admin area's calls (admin spec section 7): what GET /courses/admin, /formations/admin,
// /classes/admin/{id}, /presential-formations and /discounts answer, and the bodies the writes
// take. Every admin route needs an admin's bearer token (401 without, 403 for a student).
import type { Lang, Localized } from '../languages.js';
import type { DiscountDto, PresentialFormation } from './catalog.js';

/** A per-language value that may be missing in some languages (URL, public id). */
export type LocalizedOptional = Localized<string | null>;
/** What a form sends for a translatable text: any language may be missing. */
export type LocalizedBody = Partial<Localized<string | null>>;

/** A PDF or video entry of a class, with its private URLs (admin only). */
export interface AdminMedia {
  _id: string;
  url: LocalizedOptional;
  public_id: LocalizedOptional;
  title: Localized;
  description: Localized;
  /** For a formation class: the module it belongs to (spec section 3). */
  moduleId?: string;
}

export interface AdminClassTitle {
  _id: string;
  title: Localized;
  visible: Localized<boolean>;
}

/** GET /classes/admin/{id}: a course or formation class with everything in every language. */
export interface AdminClass extends AdminClassTitle {
  course?: string;
  moduleId?: string;
  subtitle: Localized;
  content: Localized;
  secondaryContent: Localized;
  pdfs: AdminMedia[];
  videos: AdminMedia[];
}

/** A course or formation as the admin edits it (money in USD). */
export interface AdminItem {
  _id: string;
  title: Localized;
  description: Localized;
  price: number;
  image: LocalizedOptional;
  image_public_id: LocalizedOptional;
  pdf: LocalizedOptional;
  pdf_public_id: LocalizedOptional;
  video: LocalizedOptional;
  visible: Localized<boolean>;
  /** Whether anyone ever got access: such an item cannot be deleted (409 common.in_use). */
  hasBuyers: boolean;
}

/** GET /courses/admin (newest first). */
export interface AdminCourse extends AdminItem {
  classes: AdminClassTitle[];
}

export interface AdminModule {
  _id: string;
  formationId: string;
  title: Localized;
  description: Localized;
  visible: Localized<boolean>;
  classes: AdminClassTitle[];
}

/** GET /formations/admin (newest first). */
export interface AdminFormation extends AdminItem {
  modules: AdminModule[];
}

/** POST /courses, PUT /courses/{id}, POST /formations, PUT /formations/{id}. */
export interface ItemBody {
  title: LocalizedBody;
  description: LocalizedBody;
  price: number;
  image?: LocalizedBody;
  image_public_id?: LocalizedBody;
  pdf?: LocalizedBody;
  pdf_public_id?: LocalizedBody;
  video?: LocalizedBody;
  visible?: Partial<Localized<boolean>>;
}

/** The simple course forms (/admin/create, /admin/edit/{id}): one language at a time. */
export interface SimpleCourseBody {
  title: string;
  description: string;
  price: number;
  pdfUrl?: string;
  videoUrl?: string;
  language: Lang;
}

export interface MediaBody {
  _id?: string;
  url?: LocalizedBody;
  public_id?: LocalizedBody;
  title?: LocalizedBody;
  description?: LocalizedBody;
}

/** POST /course-classes/{courseId}, PUT /course-classes/{id}, POST /classes, PUT /classes/{id}. */
export interface ClassBody {
  title: LocalizedBody;
  subtitle?: LocalizedBody;
  content: LocalizedBody;
  secondaryContent?: LocalizedBody;
  visible?: Partial<Localized<boolean>>;
  pdfs?: MediaBody[];
  videos?: MediaBody[];
  /** Course classes: the course (the path's id wins). */
  course?: string;
  /** Formation classes: the module (required on POST /classes). */
  moduleId?: string;
}

/** POST /modules, PUT /modules/{id}. */
export interface ModuleBody {
  formationId?: string;
  title: LocalizedBody;
  description: LocalizedBody;
  visible?: Partial<Localized<boolean>>;
}

/**
 * Ordering (our paths; the spec shows none): PUT /courses/{id}/classes/order,
 * PUT /formations/{id}/modules/order and PUT /modules/{id}/classes/order with every child id once,
 * in the new order. Answers the children in that order.
 */
export interface OrderBody {
  ids: string[];
}

/** PATCH /courses/{id}/visibility/language and /formations/{id}/visibility/language. */
export interface VisibilityBody {
  language: Lang;
}
/** What every visibility toggle answers: the new flags. */
export interface VisibilityResult {
  _id: string;
  visible: Localized<boolean>;
}

/** GET /presential-formations: every in-person training, past ones too, soonest first. */
export type AdminPresential = PresentialFormation;

export interface PresentialBody {
  title: LocalizedBody;
  description: LocalizedBody;
  location: LocalizedBody;
  dateType: 'single' | 'range';
  singleDate?: string | null;
  dateRange?: { start?: string | null; end?: string | null } | null;
  time?: string;
  registrationLink?: string;
}

/** GET /discounts: every voucher, with its per-language name and description. */
export type AdminDiscount = DiscountDto;

/** POST /discounts, PUT /discounts/{id}. Amount in USD. */
export interface DiscountBody {
  /**
   * Spanish required; the others fall back to Spanish on the public pages. A plain string (the
   * spec's contract) is the Spanish text; on PUT the other languages then stay as they were.
   */
  name: LocalizedBody | string;
  description?: LocalizedBody | string;
  percentage?: number;
  amount?: number;
  startDate: string;
  endDate: string;
  active?: boolean;
  type?: 'course' | 'formation' | 'both';
  targetItems: Array<{ _id: string; itemType?: 'course' | 'formation' }>;
}

export const ADMIN_ERRORS = {
  /** An order body that is not exactly the current children. */
  orderMismatch: 'admin.order_mismatch',
  presentialNotFound: 'presential.not_found',
  discountNotFound: 'discounts.not_found',
  targetNotFound: 'discounts.target_not_found',
} as const;

// ---------------------------------------------------------------- uploads (spec section 7)

/** Error codes of the upload calls (HTTP 400/404/409/413/415/502). */
export const UPLOAD_ERRORS = {
  /** No file part in the multipart body (400). */
  fileMissing: 'uploads.file_missing',
  /** The bytes are not of the kind the call takes (415): a renamed .exe sent as a PDF. */
  wrongType: 'uploads.wrong_type',
  /** Larger than the limit of its kind (413); `data.maxBytes` says the limit. */
  tooLarge: 'uploads.too_large',
  /** A direct upload whose signature, timestamp or reservation does not check out (401). */
  signatureInvalid: 'uploads.signature_invalid',
  /** No stored file with that public id or URL (404). */
  notFound: 'uploads.not_found',
  /** A saved record still points to the file (409): remove it from the record and save. */
  inUse: 'uploads.in_use',
  /** Cloudinary or Vimeo refused or could not be reached (502). */
  providerFailed: 'uploads.provider_failed',
} as const;

/** The folders of signed direct uploads and what each holds. */
export const DIRECT_UPLOAD_FOLDERS = { ImagenesCursos: 'image', pdfs: 'raw' } as const;
export type DirectUploadFolder = keyof typeof DIRECT_UPLOAD_FOLDERS;

/** POST /cloudinary/signature */
export interface SignatureBody {
  folder: DirectUploadFolder;
  /** Unix seconds; within an hour of the server's clock. */
  timestamp: number;
}

/**
 * What POST /cloudinary/signature answers: the browser posts the file with `folder`, `public_id`,
 * `timestamp`, `signature` and `api_key` to `upload_url` (Cloudinary, or our local stand-in) and
 * gets `secure_url` and `public_id` back.
 */
export interface SignatureResponse {
  signature: string;
  timestamp: number;
  api_key: string;
  cloud_name: string;
  folder: DirectUploadFolder;
  public_id: string;
  resource_type: 'image' | 'raw';
  upload_url: string;
}

/** What a direct upload answers (Cloudinary's fields that we use). */
export interface DirectUploadResponse {
  secure_url: string;
  public_id: string;
  resource_type: string;
  bytes: number;
}

/** POST /cloudinary/upload-pdf-publico, /upload-pdf-privado, /upload-imagen-curso */
export interface UploadedFileResponse {
  url: string;
  public_id: string;
}

/** POST /upload/video-promocional, /upload/video-privado */
export interface UploadedVideoResponse extends UploadedFileResponse {
  /** The id GET /upload/video-status/{videoId} takes. */
  videoId: string;
  status: 'available' | 'processing' | 'error';
}

/** DELETE /cloudinary/delete */
export interface DeleteFileBody {
  public_id: string;
  resource_type?: 'image' | 'raw' | 'video';
}

/** POST /upload/delete-video */
export interface DeleteVideoBody {
  videoUrl: string;
}

export const uploadPaths = {
  signature: '/cloudinary/signature',
  pdfPublic: '/cloudinary/upload-pdf-publico',
  pdfPrivate: '/cloudinary/upload-pdf-privado',
  courseImage: '/cloudinary/upload-imagen-curso',
  deleteFile: '/cloudinary/delete',
  videoPromo: '/upload/video-promocional',
  videoPrivate: '/upload/video-privado',
  deleteVideo: '/upload/delete-video',
  videoStatus: (videoId: string) => `/upload/video-status/${encodeURIComponent(videoId)}`,
} as const;

// ---------------------------------------------------------------- diagnostics

/** A durable job that kept failing and is no longer retried (the dead-letter state). */
export interface DeadJob {
  _id: string;
  /** what it does, e.g. `receipt.send`, `payment.refund-unneeded`, `auth.reset-mail` */
  kind: string;
  /** its identity, e.g. `receipt:<payment id>` */
  key: string;
  attempts: number;
  /** the last attempt's error */
  lastError: string | null;
  createdAt: string;
  /** when it was given up */
  failedAt: string | null;
}

/** GET /admin/diagnostics/jobs (admin): the durable jobs by state, and the newest dead ones. */
export interface JobsDiagnostics {
  counts: { pending: number; running: number; done: number; dead: number };
  dead: DeadJob[];
}

/** GET /admin/diagnostics/runtime (admin): where this instance's time goes. */
export interface RuntimeDiagnostics {
  pid: number;
  uptimeSeconds: number;
  /** CPU of the whole process (every thread) since it started */
  cpuMs: { user: number; system: number };
  rssMb: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  passwordHashing: {
    threads: number;
    queueLimit: number;
    running: number;
    queued: number;
    done: number;
    rejected: number;
    /** CPU of the hashing threads (Linux; null elsewhere) */
    cpuMs: number | null;
    meanHashMs: number;
  };
  /** null on the embedded database (PGlite) */
  dbPool: {
    max: number;
    total: number;
    idle: number;
    waiting: number;
    acquired: number;
    waited: number;
    waitMs: { p50: number; p95: number; p99: number; max: number };
  } | null;
}

/**
 * POST /admin/diagnostics/jobs/{id}/retry (admin) makes a dead job pending again, with fresh
 * attempts; 404 `diagnostics.job_not_found` when no dead job has that id.
 */
export const DIAGNOSTICS_ERRORS = {
  jobNotFound: 'diagnostics.job_not_found',
} as const;
