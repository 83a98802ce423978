import { LANGUAGES, fromCents, toCents, type Lang, type Localized } from '@circo/shared-contracts';
import {
  DEFAULT_VISIBLE,
  type LocalizedFlags,
  type LocalizedOptional,
  type LocalizedText,
} from '../../../database/tables/columns.js';
import { assertShowable, showableFlags } from './shared-rules.js';

// Admin bodies -> column values, and rows -> the admin's answers. A form may leave any language
// out; the database always holds all three.

type Body = Partial<Record<string, string | null | undefined>> | null | undefined;
type FlagsBody = Partial<Record<string, boolean>> | null | undefined;

const text = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim() : '');

/** `{ es, en, fr }` texts, '' where the body has none (or, with `current`, the current value). */
export function toText(body: Body, current?: LocalizedText): LocalizedText {
  if (!body && current) return current;
  return Object.fromEntries(LANGUAGES.map((l) => [l, text(body?.[l])])) as LocalizedText;
}

/** Rich text keeps its inner whitespace; only a blank value becomes ''. */
export function toRichText(body: Body, current?: LocalizedText): LocalizedText {
  if (!body && current) return current;
  return Object.fromEntries(
    LANGUAGES.map((l) => {
      const v = body?.[l];
      return [l, typeof v === 'string' && v.trim() ? v : ''];
    }),
  ) as LocalizedText;
}

/** `{ es, en, fr }` of optional values (URLs, public ids): null where blank. */
export function toOptional(body: Body, current?: LocalizedOptional): LocalizedOptional {
  if (!body && current) return current;
  return Object.fromEntries(
    LANGUAGES.map((l) => [l, text(body?.[l]) || null]),
  ) as LocalizedOptional;
}

export function toFlags(body: FlagsBody, fallback: LocalizedFlags): LocalizedFlags {
  return Object.fromEntries(
    LANGUAGES.map((l) => [l, typeof body?.[l] === 'boolean' ? body[l] : fallback[l]]),
  ) as LocalizedFlags;
}

/** USD (number or numeric string, already validated) -> integer cents. */
export const priceToCents = (price: number | string): number => toCents(Number(price));

/** Every value of one or more per-language maps that is set (public ids, URLs). */
export function valuesOf(...maps: Array<Partial<Localized<string | null>> | null | undefined>) {
  return maps.flatMap((m) =>
    m ? Object.values(m).filter((v): v is string => typeof v === 'string' && v !== '') : [],
  );
}

/** The flags after switching one language. */
export function toggled(flags: LocalizedFlags, lang: Lang): LocalizedFlags {
  return { ...flags, [lang]: !flags[lang] };
}

export interface AdminItemRow {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  priceCents: number;
  image: LocalizedOptional;
  imagePublicId: LocalizedOptional;
  pdf: LocalizedOptional;
  pdfPublicId: LocalizedOptional;
  video: LocalizedOptional;
  visible: LocalizedFlags;
}

/** A course or formation row as the admin sees it. */
export function toAdminItem(row: AdminItemRow, hasBuyers: boolean) {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: fromCents(row.priceCents),
    image: row.image,
    image_public_id: row.imagePublicId,
    pdf: row.pdf,
    pdf_public_id: row.pdfPublicId,
    video: row.video,
    visible: row.visible,
    hasBuyers,
  };
}

/** The full form of a course or formation (already checked by its shared rule) as columns. */
export function itemValues(
  body: {
    title?: Body;
    description?: Body;
    price: number | string;
    image?: Body;
    image_public_id?: Body;
    pdf?: Body;
    pdf_public_id?: Body;
    video?: Body;
    visible?: FlagsBody;
  },
  current: AdminItemRow | undefined,
  defaultVisible: LocalizedFlags,
) {
  return {
    title: toText(body.title),
    description: toRichText(body.description),
    priceCents: priceToCents(body.price),
    image: toOptional(body.image, current?.image),
    imagePublicId: toOptional(body.image_public_id, current?.imagePublicId),
    pdf: toOptional(body.pdf, current?.pdf),
    pdfPublicId: toOptional(body.pdf_public_id, current?.pdfPublicId),
    video: toOptional(body.video, current?.video),
    visible: toFlags(body.visible, current?.visible ?? defaultVisible),
  };
}

/**
 * itemValues of a course or formation, visible only where its content is: a new item's default
 * languages are kept where it has their title, description and image; a language the body asks
 * for, or an edited item keeps, without them is refused (400, shared-rules.ts assertShowable).
 */
export function showableItemValues(
  kind: 'course' | 'formation',
  body: Parameters<typeof itemValues>[0],
  current: AdminItemRow | undefined,
) {
  const values = itemValues(body, current, DEFAULT_VISIBLE);
  if (current) {
    assertShowable(kind, values, values.visible);
    return values;
  }
  return { ...values, visible: showableFlags(kind, values, body.visible, DEFAULT_VISIBLE) };
}

/** Every file reference of a course or formation row (images, PDFs, uploaded videos). */
export const itemRefs = (r: AdminItemRow): string[] =>
  valuesOf(r.imagePublicId, r.image, r.pdfPublicId, r.pdf, r.video);
