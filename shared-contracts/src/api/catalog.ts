import type { Lang, Localized } from '../languages.js';
import type { Discount } from '../domain/pricing.js';

/** What can be bought (and tracked): a course or an online formation. */
export const ITEM_TYPES = ['course', 'formation'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/**
 * Public catalogue answers (spec storefront.md sections 3 and 7). Per-language objects keep the
 * spec's `{es,en,fr}` shape; a language in which the item is hidden comes back as '' / null, so
 * hidden-language content never leaves the server. Private media and class content never appear
 * here.
 */
export interface CourseSummary {
  _id: string;
  /** Slug of the title in the requested language ('detalle' when it has none). */
  slug: string;
  title: Localized;
  description: Localized;
  /** USD, base price before any discount. */
  price: number;
  image: Localized<string | null>;
  /** The public information PDF, opened in a new tab. */
  pdf: Localized<string | null>;
  /** Presentation video link (Vimeo/YouTube), shown embedded when embeddable. */
  video: Localized<string | null>;
  visible: Localized<boolean>;
}

/** A class as the public sees it: its title only. */
export interface ClassSummary {
  _id: string;
  title: Localized;
  visible: Localized<boolean>;
}

/** GET /courses/{id}?lang= */
export interface CourseDetail extends CourseSummary {
  classes: ClassSummary[];
}

export type FormationSummary = CourseSummary;

export interface ModuleSummary {
  _id: string;
  formationId: string;
  title: Localized;
  description: Localized;
  visible: Localized<boolean>;
  classes: ClassSummary[];
}

/** GET /formations/{id}?lang= and /formations/visible/{id}?lang= */
export interface FormationDetail extends FormationSummary {
  modules: ModuleSummary[];
}

/** A PDF or video of a class: no URL (private media are fetched one by one, on demand). */
export interface ClassMediaSummary {
  _id: string;
  title: Localized;
  description: Localized;
  /** Languages in which a file exists (and the class is visible): the viewer lists only those. */
  hasFile: Localized<boolean>;
}

/**
 * GET /classes/{id}?lang= : the full class of a course or formation, for admins and buyers with
 * active access only (403 `classes.purchase_required` otherwise). Hidden languages are '' and
 * `visible` is where the class can be seen (its own flags and those of its module and item).
 * pdfs[i] / videos[i] keep the admin's order: i is the index the private-media routes take.
 */
export interface ClassDetail {
  _id: string;
  /** The course id, for a course class. */
  course?: string;
  /** The module and formation ids, for a formation class. */
  moduleId?: string;
  formationId?: string;
  title: Localized;
  subtitle: Localized;
  content: Localized;
  secondaryContent: Localized;
  visible: Localized<boolean>;
  pdfs: ClassMediaSummary[];
  videos: ClassMediaSummary[];
}

/** 403 `catalog.unavailable_in_language`: `data.availableLanguages` lists where it can be seen. */
export interface UnavailableInLanguageData {
  availableLanguages: Lang[];
}

/** GET /presential-formations/presencial?lang= (upcoming only, soonest first) */
export interface PresentialFormation {
  _id: string;
  title: Localized;
  description: Localized;
  location: Localized;
  dateType: 'single' | 'range';
  /** ISO date (YYYY-MM-DD) for a single date. */
  singleDate: string | null;
  dateRange: { start: string | null; end: string | null };
  /** Free text, e.g. "10:00 a 14:00". */
  time: string;
  registrationLink: string;
}

/**
 * GET /discounts/activos and the admin list: the domain's Discount (spec section 3), each target
 * also saying whether it is a course or a formation.
 */
export interface DiscountDto extends Discount {
  targetItems: Array<{ _id: string; title: string; itemType?: ItemType }>;
  /** The name per language (`name` is the Spanish one): show `voucherText(d.nameI18n, d.name, lang)`. */
  nameI18n?: Localized;
  descriptionI18n?: Localized;
}

/** A voucher text in `lang`, falling back to the Spanish one. */
export function voucherText(
  texts: Partial<Localized> | undefined,
  spanish: string | undefined,
  lang: Lang,
): string {
  const own = texts?.[lang]?.trim();
  return own || spanish || texts?.es || '';
}

/** GET /courses/visible: `?limit=` (default, max) and `?offset=` page through a long catalogue. */
export const COURSE_LIST_LIMIT = { default: 100, max: 200 } as const;
/** GET /search: `?limit=` per list (default, max); `q` is at most `queryMax` characters. */
export const SEARCH_LIMIT = { default: 20, max: 50, queryMax: 100 } as const;

/** GET /search?q=&lang= : formations first, then courses. */
export interface SearchResponse {
  q: string;
  formations: FormationSummary[];
  courses: CourseSummary[];
}

export const CATALOG_ERRORS = {
  courseNotFound: 'courses.not_found',
  formationNotFound: 'formations.not_found',
  moduleNotFound: 'modules.not_found',
  classNotFound: 'classes.not_found',
  unavailableInLanguage: 'catalog.unavailable_in_language',
  purchaseRequired: 'classes.purchase_required',
  searchQueryRequired: 'search.query_required',
} as const;
