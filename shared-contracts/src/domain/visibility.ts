// Every catalogue entry (course, formation, module, class) carries per-language visibility flags.
// The API and the storefront apply this one rule, so a flag the server hides is never shown.
import type { Lang } from '../languages.js';

/** Per-language flags as they may arrive: a missing object or language means "not set". */
export type VisibilityFlags = Partial<Record<Lang, boolean | null>> | null | undefined;

/** Visible in `lang` only when its flag is exactly true: a missing or unset flag is hidden. */
export function isVisibleIn(visible: VisibilityFlags, lang: Lang): boolean {
  return visible?.[lang] === true;
}
