import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, type Lang, type ItemType } from '@circo/shared-contracts';

const LANGS: readonly Lang[] = LANGUAGES;

/** A translatable text: one value per language (JSONB `{ es, en, fr }`). */
export type LocalizedText = Record<Lang, string>;
/** A per-language value that may be missing in some languages (image URL, public id, video link). */
export type LocalizedOptional = Record<Lang, string | null>;
/** Per-language visibility flags. */
export type LocalizedFlags = Record<Lang, boolean>;

/** What can be bought (and tracked): defined once in shared-contracts. */
export { ITEM_TYPES, type ItemType } from '@circo/shared-contracts';

export const EMPTY_TEXT: LocalizedText = { es: '', en: '', fr: '' };
export const NO_VALUES: LocalizedOptional = { es: null, en: null, fr: null };
/** Spec: a new course (and by extension any content) is visible in Spanish only. */
export const DEFAULT_VISIBLE: LocalizedFlags = { es: true, en: false, fr: false };

// JSONB defaults are written as SQL literals so drizzle-kit emits stable DEFAULT clauses.
export const jsonDefault = (value: unknown) => sql.raw(`'${JSON.stringify(value)}'::jsonb`);
const json = jsonDefault;

/** A required translatable text (the Spanish value is mandatory; the service checks that). */
export const localizedText = (name: string) => jsonb(name).$type<LocalizedText>().notNull();
/** A translatable text that defaults to empty strings. */
export const localizedTextOrEmpty = (name: string) =>
  jsonb(name).$type<LocalizedText>().notNull().default(json(EMPTY_TEXT));
export const localizedOptional = (name: string) =>
  jsonb(name).$type<LocalizedOptional>().notNull().default(json(NO_VALUES));
export const visibleFlags = (name = 'visible') =>
  jsonb(name).$type<LocalizedFlags>().notNull().default(json(DEFAULT_VISIBLE));

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The columns of what is sold (courses and formations): per-language content and price in cents.
 * What a search reads lives in a narrow table beside it (searchEntryColumns).
 */
export const sellableItemColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  title: localizedText('title'),
  description: localizedTextOrEmpty('description'),
  priceCents: integer('price_cents').notNull(),
  image: localizedOptional('image'),
  imagePublicId: localizedOptional('image_public_id'),
  pdf: localizedOptional('pdf'),
  pdfPublicId: localizedOptional('pdf_public_id'),
  video: localizedOptional('video'),
  visible: visibleFlags(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

type SellableColumns = Record<'id' | 'priceCents' | 'createdAt', ExtraConfigColumn>;

/** The constraints and indexes of a sellable item table named `table`. */
export const sellableItemIndexes = (table: string, t: SellableColumns) => [
  check(`${table}_price_cents_check`, sql`${t.priceCents} >= 0`),
  index(`${table}_created_at_idx`).on(t.createdAt),
];

/** Text compared byte by byte: the same order on PostgreSQL and PGlite, and a cheap sort. */
const byteText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/**
 * The search table of a sellable item table (`course_search`, `formation_search`): one narrow row
 * per item and language, written by a trigger on the item table (migration 0010), never by the
 * API. `title` and `body` are `lower(f_unaccent(..))` of the title and description in that
 * language (the title cut to 300 characters so it fits a btree entry); `visible` is the plain
 * flag of that language, so the planner's estimates are real statistics, not a guess on jsonb.
 */
export const searchEntryColumns = (item: () => AnyPgColumn) => ({
  itemId: uuid('item_id').notNull().references(item, { onDelete: 'cascade' }),
  lang: text('lang').$type<Lang>().notNull(),
  visible: boolean('visible').notNull(),
  title: byteText('title').notNull(),
  body: text('body').notNull(),
});

type SearchEntryColumns = Record<'itemId' | 'lang' | 'title' | 'body', ExtraConfigColumn>;

/**
 * Per language, only over the rows visible there (partial indexes): trigram indexes on the title
 * and on the description (the two steps of a search), and the title order (what a search for a
 * common term walks, stopping at LIMIT).
 */
export const searchEntryIndexes = (table: string, t: SearchEntryColumns) => [
  primaryKey({ name: `${table}_pkey`, columns: [t.itemId, t.lang] }),
  check(`${table}_lang_check`, sql.raw(`lang in (${LANGS.map((l) => `'${l}'`).join(', ')})`)),
  ...LANGS.flatMap((lang) => {
    const where = sql.raw(`lang = '${lang}' and visible`);
    return [
      index(`${table}_title_${lang}_idx`).using('gin', t.title.op('gin_trgm_ops')).where(where),
      index(`${table}_body_${lang}_idx`).using('gin', t.body.op('gin_trgm_ops')).where(where),
      index(`${table}_order_${lang}_idx`).on(t.title, t.itemId).where(where),
    ];
  }),
];

/** The content columns of a class (course class or formation class), in order after its parent. */
export const classContentColumns = () => ({
  position: integer('position').notNull().default(0),
  title: localizedText('title'),
  subtitle: localizedTextOrEmpty('subtitle'),
  content: localizedTextOrEmpty('content'),
  secondaryContent: localizedTextOrEmpty('secondary_content'),
  visible: visibleFlags(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A uuid column generated from (item_type, `source`): the value of `source` on rows about that kind
 * of item, null on the others. Generated columns can carry a foreign key, so a row that names an
 * item by (type, id) still has a real reference to the courses or formations table (or their
 * classes). Default: `course_id` / `formation_id` from `item_id`.
 */
export const generatedItemRef = (type: ItemType, name = `${type}_id`, source = 'item_id') =>
  uuid(name).generatedAlwaysAs(sql.raw(`case when item_type = '${type}' then ${source} end`));
