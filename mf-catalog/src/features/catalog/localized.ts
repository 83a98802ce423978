import type { Lang } from '@circo/shared-contracts';

type MaybeLocalized = Partial<Record<Lang, string | null>> | string | null | undefined;

/**
 * The value of a per-language field in `lang`, or '' when it has none. The API blanks the
 * languages an item is hidden in; some answers may still carry a plain string (spec section 3).
 */
export function inLang(value: MaybeLocalized, lang: Lang): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return value[lang] ?? '';
}
