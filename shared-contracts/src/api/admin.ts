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
  /** Spanish required; the others fall back to Spanish on the public pages. */
  name: LocalizedBody;
  description?: LocalizedBody;
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
