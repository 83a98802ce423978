import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import type { Lang } from '@circo/shared-contracts';

/** A translatable text: one value per language (JSONB `{ es, en, fr }`). */
export type LocalizedText = Record<Lang, string>;
/** A per-language value that may be missing in some languages (image URL, public id, video link). */
export type LocalizedOptional = Record<Lang, string | null>;
/** Per-language visibility flags. */
export type LocalizedFlags = Record<Lang, boolean>;

/** What can be bought (and tracked): defined once in shared-contracts. */
export { ITEM_TYPES, type ItemType } from '@circo/shared-contracts';
import type { ItemType } from '@circo/shared-contracts';

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

/** `lower(f_unaccent(title_l || ' ' || description_l))`: the search text of one language. */
export const searchExpression = (lang: Lang) =>
  sql.raw(
    `lower(f_unaccent(coalesce(title->>'${lang}', '') || ' ' || coalesce(description->>'${lang}', '')))`,
  );

/**
 * `left(lower(f_unaccent(title_l)), 300)`: the normalised title of one language, what a search
 * ranks by ("title matches first", then by title). Cut so it always fits a btree entry.
 */
export const searchTitleExpression = (lang: Lang) =>
  sql.raw(`left(lower(f_unaccent(coalesce(title->>'${lang}', ''))), 300)`);

/**
 * The columns of what is sold (courses and formations): per-language content, price in cents, and
 * one stored search column per language (see searchExpression), each with a trigram index.
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
  // filled by PostgreSQL: lower(f_unaccent(title || ' ' || description)) per language
  searchEs: text('search_es').generatedAlwaysAs(searchExpression('es')),
  searchEn: text('search_en').generatedAlwaysAs(searchExpression('en')),
  searchFr: text('search_fr').generatedAlwaysAs(searchExpression('fr')),
  // filled by PostgreSQL: the normalised title per language (searchTitleExpression)
  searchTitleEs: text('search_title_es').generatedAlwaysAs(searchTitleExpression('es')),
  searchTitleEn: text('search_title_en').generatedAlwaysAs(searchTitleExpression('en')),
  searchTitleFr: text('search_title_fr').generatedAlwaysAs(searchTitleExpression('fr')),
});

type SellableColumns = Record<
  | 'id'
  | 'priceCents'
  | 'searchEs'
  | 'searchEn'
  | 'searchFr'
  | 'searchTitleEs'
  | 'searchTitleEn'
  | 'searchTitleFr'
  | 'createdAt',
  ExtraConfigColumn
>;

/**
 * Per language: a trigram index on the title alone (the "title matches" step of a search), and
 * the visible items in title order (what a search for a common term walks, stopping at LIMIT).
 */
const searchIndexes = (
  table: string,
  lang: Lang,
  title: ExtraConfigColumn,
  id: ExtraConfigColumn,
) => [
  index(`${table}_search_title_${lang}_idx`).using('gin', title.op('gin_trgm_ops')),
  index(`${table}_title_order_${lang}_idx`)
    .on(title, id)
    .where(sql.raw(`(visible ->> '${lang}') = 'true'`)),
];

/** The constraints and indexes of a sellable item table named `table`. */
export const sellableItemIndexes = (table: string, t: SellableColumns) => [
  check(`${table}_price_cents_check`, sql`${t.priceCents} >= 0`),
  index(`${table}_search_es_idx`).using('gin', t.searchEs.op('gin_trgm_ops')),
  index(`${table}_search_en_idx`).using('gin', t.searchEn.op('gin_trgm_ops')),
  index(`${table}_search_fr_idx`).using('gin', t.searchFr.op('gin_trgm_ops')),
  index(`${table}_created_at_idx`).on(t.createdAt),
  ...searchIndexes(table, 'es', t.searchTitleEs, t.id),
  ...searchIndexes(table, 'en', t.searchTitleEn, t.id),
  ...searchIndexes(table, 'fr', t.searchTitleFr, t.id),
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
