// The billing country choices: every ISO country, named in the page's language by the browser
// (Intl.DisplayNames), sorted by that name.
import { COUNTRY_CODES, type Lang } from '@circo/shared-contracts';
import type { SelectOption } from '@circo/shared-web';

const cache = new Map<Lang, SelectOption[]>();

export function countryOptions(lang: Lang): SelectOption[] {
  let options = cache.get(lang);
  if (options) return options;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort(
    (a, b) => a.label.localeCompare(b.label, lang),
  );
  cache.set(lang, options);
  return options;
}
