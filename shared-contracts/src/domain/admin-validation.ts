// Admin form rules (admin spec section 5). The admin remote runs them before saving and the API
// runs them again on the body, so a form can never save what the server would refuse.
import { LANGUAGES, type Lang, type Localized } from '../languages.js';
import { dayOrInstantMs } from './edge-dates.js';
import { isBlank, isBlankRichText, type FieldErrors } from './validation.js';
import { validateVideoLink } from './video.js';
import { CHARGE_MIN_USD, PRICE_MAX_USD, toCents } from './pricing.js';

/** Message keys with the spec's Spanish text ("ours" where the spec gives none). */
export const ADMIN_MESSAGES = {
  // voucher
  nameRequired: 'El nombre es obligatorio',
  startDateRequired: 'La fecha de inicio es obligatoria', // ours
  endDateRequired: 'La fecha de fin es obligatoria', // ours
  endBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
  percentageNegative: 'El porcentaje no puede ser negativo', // ours
  percentageOver100: 'El porcentaje no puede superar 100', // ours
  amountNegative: 'El monto no puede ser negativo', // ours
  discountRequired: 'Debe ingresar al menos un descuento (% o monto)',
  targetsRequired: 'Debe seleccionar al menos un curso o formación',
  // in-person training
  titleRequired: 'El título es obligatorio',
  descriptionRequired: 'La descripción es obligatoria',
  locationRequired: 'La ubicación es obligatoria',
  singleDateRequired: 'Debes seleccionar una fecha única',
  rangeStartRequired: 'La fecha de inicio es obligatoria',
  rangeEndRequired: 'La fecha de fin es obligatoria',
  rangeEndBeforeStart: 'La fecha final debe ser posterior a la inicial',
  /** i18next interpolation: the UI passes the translated language names joined with ", ". */
  missingLanguages: 'Falta completar la información en: {{languages}}',
  // course, formation, module, class
  titleEsRequired: 'El título en español es obligatorio',
  descriptionEsRequired: 'La descripción en español es obligatoria',
  contentEsRequired: 'El contenido en español es obligatorio',
  imageEsRequired: 'La imagen de presentación en español es obligatoria',
  priceMustBePositive: 'El precio debe ser un número mayor a cero',
  priceRequired: 'El precio es obligatorio',
  priceInvalid: 'El precio debe ser un número válido',
  priceTooLarge: 'El precio no puede superar 100.000 USD', // ours
  priceBelowMinimum: 'El precio mínimo para pagar con tarjeta es 0,50 USD', // ours
  amountTooLarge: 'El monto no puede superar 100.000 USD', // ours
  voucherBelowMinimum:
    'Con este descuento un curso o formación costaría menos de 0,50 USD, el mínimo para pagar con tarjeta: usa 100 % (gratis) o un descuento menor', // ours
  // simple course forms (/admin/create, /admin/edit/{id})
  allRequired: 'Todos los campos obligatorios deben completarse.',
  // video links
  videoLinkInvalid: 'El enlace no es válido o no se puede mostrar como video embebido.',
  // membership plans (ours)
  nameEsRequired: 'El nombre en español es obligatorio',
  planItemsRequired: 'Elige al menos un curso o formación, o todo el catálogo',
  // ordering (ours)
  orderMismatch: 'El orden debe incluir cada elemento exactamente una vez',
} as const;
export type AdminMessageKey = keyof typeof ADMIN_MESSAGES;

type Text = string | null | undefined;
/** Form state: any language may still be missing. */
export type LocalizedInput = Partial<Localized<Text>>;
/** Number inputs hand over strings; the API hands over numbers. */
export type NumberInput = number | string | null | undefined;

const blankNumber = (v: NumberInput): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

// Strict decimal reading: Number() would also take "0x10", "1e3" and "   ".
function readNumber(v: NumberInput): number {
  if (typeof v === 'number') return v;
  const s = (v ?? '').trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/**
 * The problem of a price, judged in cents (as it is stored): 1e-9 is 0 after rounding, so it is not
 * "above zero". `free`: 0 is a valid price (a free formation).
 */
function priceProblem(
  v: NumberInput,
  free: boolean,
): 'priceMustBePositive' | 'priceInvalid' | 'priceTooLarge' | 'priceBelowMinimum' | null {
  const price = readNumber(v);
  const invalid = free ? 'priceInvalid' : 'priceMustBePositive';
  if (!Number.isFinite(price)) return invalid;
  if (price > PRICE_MAX_USD) return 'priceTooLarge';
  const cents = toCents(price);
  if (cents < 0 || (cents === 0 && !free)) return invalid;
  if (cents > 0 && cents < toCents(CHARGE_MIN_USD)) return 'priceBelowMinimum';
  return null;
}

// Some course fields are still a plain string instead of a per-language object (spec section 3).
const spanish = (v: LocalizedInput | string | null | undefined): Text =>
  typeof v === 'string' ? v : v?.es;

// A date field counts as missing when it is empty or not a day or instant of 1970-9998.
const readDate = (v: Text): number => (isBlank(v) ? Number.NaN : dayOrInstantMs(v));

// ---------------------------------------------------------------- voucher

export interface VoucherInput {
  name: Text;
  percentage?: NumberInput;
  amount?: NumberInput;
  startDate?: Text;
  endDate?: Text;
  targetItems?: ReadonlyArray<{ _id: string }> | null;
}
export type VoucherField =
  'name' | 'startDate' | 'endDate' | 'percentage' | 'amount' | 'discount' | 'targetItems';

/** An empty percentage or amount means 0. The end may equal the start, not precede it. */
export function validateVoucher(v: VoucherInput): FieldErrors<VoucherField, AdminMessageKey> {
  const errors: FieldErrors<VoucherField, AdminMessageKey> = {};
  if (isBlank(v.name)) errors.name = 'nameRequired';

  const start = readDate(v.startDate);
  const end = readDate(v.endDate);
  if (Number.isNaN(start)) errors.startDate = 'startDateRequired';
  if (Number.isNaN(end)) errors.endDate = 'endDateRequired';
  else if (end < start) errors.endDate = 'endBeforeStart';

  const pct = blankNumber(v.percentage) ? 0 : readNumber(v.percentage);
  const amount = blankNumber(v.amount) ? 0 : readNumber(v.amount);
  if (pct < 0) errors.percentage = 'percentageNegative';
  else if (pct > 100) errors.percentage = 'percentageOver100';
  if (amount < 0) errors.amount = 'amountNegative';
  else if (amount > PRICE_MAX_USD) errors.amount = 'amountTooLarge';
  // NaN fails "> 0" too, so an unreadable value counts as no discount.
  if (!(pct > 0) && !(amount > 0)) errors.discount = 'discountRequired';

  if (!v.targetItems || v.targetItems.length === 0) errors.targetItems = 'targetsRequired';
  return errors;
}

// ---------------------------------------------------------------- in-person training

export interface PresentialInput {
  title?: LocalizedInput;
  description?: LocalizedInput;
  location?: LocalizedInput;
  dateType: 'single' | 'range';
  singleDate?: Text;
  dateRange?: { start?: Text; end?: Text } | null;
}
type PresentialTextField = 'title' | 'description' | 'location';
export type PresentialField =
  `${PresentialTextField}.${Lang}` | 'singleDate' | 'dateRange.start' | 'dateRange.end';
export interface PresentialValidation {
  errors: FieldErrors<PresentialField, AdminMessageKey>;
  /** Languages with any text missing, in es, en, fr order: feeds the "missingLanguages" message. */
  missingLanguages: Lang[];
}

const PRESENTIAL_TEXT: ReadonlyArray<[PresentialTextField, AdminMessageKey]> = [
  ['title', 'titleRequired'],
  ['description', 'descriptionRequired'],
  ['location', 'locationRequired'],
];

/** Every language needs title, description and location; then the date(s) for the date type. */
export function validatePresential(p: PresentialInput): PresentialValidation {
  const errors: PresentialValidation['errors'] = {};
  const missing = new Set<Lang>();
  for (const lang of LANGUAGES) {
    for (const [field, key] of PRESENTIAL_TEXT) {
      const value = p[field]?.[lang];
      if (field === 'description' ? isBlankRichText(value) : isBlank(value)) {
        errors[`${field}.${lang}`] = key;
        missing.add(lang);
      }
    }
  }

  if (p.dateType === 'range') {
    const start = readDate(p.dateRange?.start);
    const end = readDate(p.dateRange?.end);
    if (Number.isNaN(start)) errors['dateRange.start'] = 'rangeStartRequired';
    if (Number.isNaN(end)) errors['dateRange.end'] = 'rangeEndRequired';
    else if (end < start) errors['dateRange.end'] = 'rangeEndBeforeStart';
  } else if (Number.isNaN(readDate(p.singleDate))) {
    errors.singleDate = 'singleDateRequired';
  }
  return { errors, missingLanguages: LANGUAGES.filter((l) => missing.has(l)) };
}

// ---------------------------------------------------------------- catalogue items
// Only Spanish is required: the other languages are optional (admin spec section 5).

export interface CourseFormInput {
  title?: LocalizedInput | string;
  description?: LocalizedInput | string;
  price?: NumberInput;
  image?: LocalizedInput | string;
}
export type CatalogueField = 'title.es' | 'description.es' | 'price' | 'image.es';

function spanishTextErrors(input: CourseFormInput): FieldErrors<CatalogueField, AdminMessageKey> {
  const errors: FieldErrors<CatalogueField, AdminMessageKey> = {};
  if (isBlank(spanish(input.title))) errors['title.es'] = 'titleEsRequired';
  if (isBlankRichText(spanish(input.description)))
    errors['description.es'] = 'descriptionEsRequired';
  return errors;
}

/** Full course form: the price must be a number above zero. */
export function validateCourse(c: CourseFormInput): FieldErrors<CatalogueField, AdminMessageKey> {
  const errors = spanishTextErrors(c);
  const price = priceProblem(c.price, false);
  if (price) errors.price = price;
  if (isBlank(spanish(c.image))) errors['image.es'] = 'imageEsRequired';
  return errors;
}

/** Formation form: the price is required and may be 0 (a free programme). */
export function validateFormation(
  f: CourseFormInput,
): FieldErrors<CatalogueField, AdminMessageKey> {
  const errors = spanishTextErrors(f);
  if (blankNumber(f.price)) errors.price = 'priceRequired';
  else {
    const price = priceProblem(f.price, true);
    if (price) errors.price = price;
  }
  if (isBlank(spanish(f.image))) errors['image.es'] = 'imageEsRequired';
  return errors;
}

export interface PlanFormInput {
  name?: LocalizedInput;
  price?: NumberInput;
  includes?: 'all' | ReadonlyArray<unknown> | null;
}
export type PlanField = 'name.es' | 'price' | 'includes';

/** Membership plan form: a Spanish name, a price above zero, and what it opens. */
export function validatePlan(p: PlanFormInput): FieldErrors<PlanField, AdminMessageKey> {
  const errors: FieldErrors<PlanField, AdminMessageKey> = {};
  if (isBlank(p.name?.es)) errors['name.es'] = 'nameEsRequired';
  const price = priceProblem(p.price, false);
  if (price) errors.price = price;
  if (p.includes !== 'all' && (!p.includes || p.includes.length === 0)) {
    errors.includes = 'planItemsRequired';
  }
  return errors;
}

/** Module form: the spec gives no texts, so the course ones are reused. */
export function validateModule(
  m: Pick<CourseFormInput, 'title' | 'description'>,
): FieldErrors<'title.es' | 'description.es', AdminMessageKey> {
  return spanishTextErrors(m);
}

export interface ClassFormInput {
  title?: LocalizedInput;
  content?: LocalizedInput;
}
export function validateClass(
  c: ClassFormInput,
): FieldErrors<'title.es' | 'content.es', AdminMessageKey> {
  const errors: FieldErrors<'title.es' | 'content.es', AdminMessageKey> = {};
  if (isBlank(c.title?.es)) errors['title.es'] = 'titleEsRequired';
  if (isBlankRichText(c.content?.es)) errors['content.es'] = 'contentEsRequired';
  return errors;
}

// ---------------------------------------------------------------- visible needs content
// An item appears only in languages where it exists and is visible (storefront spec section 5):
// it may be made visible in a language only once that language has the content a card or a
// class shows, so no visitor meets a card without a title, a description or an image.

export type ShowableKind = 'course' | 'formation' | 'module' | 'class';
export type ShowableField = 'title' | 'description' | 'image' | 'content';
export type ShowableInput = Partial<Record<ShowableField, LocalizedInput | string | null>>;

const SHOWABLE_FIELDS: Record<ShowableKind, readonly ShowableField[]> = {
  course: ['title', 'description', 'image'],
  formation: ['title', 'description', 'image'],
  module: ['title', 'description'],
  class: ['title', 'content'],
};
const RICH_TEXT: ReadonlySet<ShowableField> = new Set(['description', 'content']);

/** The fields an item of `kind` still lacks in `lang` before it can be shown there. */
export function missingToShow(
  kind: ShowableKind,
  item: ShowableInput,
  lang: Lang,
): ShowableField[] {
  return SHOWABLE_FIELDS[kind].filter((field) => {
    const v = item[field];
    // a plain string is a value of every language (spec section 3: "may be a single string")
    const value = typeof v === 'string' ? v : v?.[lang];
    return RICH_TEXT.has(field) ? isBlankRichText(value) : isBlank(value);
  });
}

/** Of `langs`, the languages in which the item cannot be shown yet (es, en, fr order). */
export function languagesMissingContent(
  kind: ShowableKind,
  item: ShowableInput,
  langs: readonly Lang[],
): Lang[] {
  return LANGUAGES.filter((l) => langs.includes(l) && missingToShow(kind, item, l).length > 0);
}

// ---------------------------------------------------------------- simple course forms

export interface SimpleCourseInput {
  title?: Text;
  description?: Text;
  price?: NumberInput;
  language?: Text;
}
export type SimpleCourseField = 'title' | 'description' | 'price' | 'language';

/**
 * /admin/create and /admin/edit/{id}: title, description, a price above zero and one of the three
 * languages. Every problem reads "Todos los campos obligatorios deben completarse." (the form shows
 * it once, above the fields, and marks each field).
 */
export function validateSimpleCourse(
  c: SimpleCourseInput,
): FieldErrors<SimpleCourseField, AdminMessageKey> {
  const errors: FieldErrors<SimpleCourseField, AdminMessageKey> = {};
  if (isBlank(c.title)) errors.title = 'allRequired';
  if (isBlankRichText(c.description)) errors.description = 'allRequired';
  if (priceProblem(c.price, false)) errors.price = 'allRequired';
  if (!(LANGUAGES as readonly string[]).includes(c.language ?? '')) errors.language = 'allRequired';
  return errors;
}

// ---------------------------------------------------------------- video fields

/**
 * A presentation video field: blank, a file we stored ourselves (a path under /api/ or a URL the
 * upload answered), or a link that can be embedded. `ownUrl` tells our uploads apart.
 */
export function validateVideoField(
  value: string | null | undefined,
  ownUrl: (url: string) => boolean = isOwnMediaUrl,
): AdminMessageKey | null {
  if (!value || !value.trim()) return null;
  if (ownUrl(value.trim())) return null;
  return validateVideoLink(value) ? 'videoLinkInvalid' : null;
}

/** URLs our upload endpoints answer: files we serve (/api/files/...) or private media links. */
export function isOwnMediaUrl(url: string): boolean {
  return /^\/api\/(files|upload|cloudinary)\//.test(url) && !url.includes('..');
}

/** Per-language presentation videos: the field of each invalid language. */
export function validateVideoFields(
  video: LocalizedInput | null | undefined,
): FieldErrors<`video.${Lang}`, AdminMessageKey> {
  const errors: FieldErrors<`video.${Lang}`, AdminMessageKey> = {};
  for (const lang of LANGUAGES) {
    const key = validateVideoField(video?.[lang]);
    if (key) errors[`video.${lang}`] = key;
  }
  return errors;
}

// ---------------------------------------------------------------- ordering

/** An order must name every current child exactly once. */
export function isSameSet(order: readonly string[], current: readonly string[]): boolean {
  if (order.length !== current.length) return false;
  const wanted = new Set(order);
  return wanted.size === order.length && current.every((id) => wanted.has(id));
}
