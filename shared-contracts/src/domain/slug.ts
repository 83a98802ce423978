// Detail URLs end in a slug of the title in the current language (storefront spec section 2):
// lowercase, spaces to hyphens, non-word characters removed.

/** The slug used when a title gives none (spec: "a missing slug defaults to the word detalle"). */
export const DEFAULT_SLUG = 'detalle';

/**
 * "Acrobacia aérea: nivel 1" -> "acrobacia-aerea-nivel-1".
 * Diacritics are stripped first (NFD) so accented letters keep their base letter instead of
 * vanishing; letters with no ASCII base (ß, ø, Chinese...) are removed as non-word characters.
 * Underscores are word characters and stay. May return '' (see slugOrDefault).
 */
export function slugify(title: string | null | undefined): string {
  return (title ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // combining accents left by NFD
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** slugify, or "detalle" when the title is missing or has no word characters. */
export function slugOrDefault(title: string | null | undefined): string {
  return slugify(title) || DEFAULT_SLUG;
}
