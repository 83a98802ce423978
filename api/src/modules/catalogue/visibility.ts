import {
  CATALOG_ERRORS,
  LANGUAGES,
  type Lang,
  type Localized,
  isVisibleIn,
} from '@circo/shared-contracts';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { forbidden } from '../../common/errors/app-error.js';
import type { AuthUser } from '../auth/index.js';

/**
 * Who reads a catalogue answer. An admin (`reveal`) sees items hidden in the language and every
 * language's content; anyone else only what is visible, hidden languages blanked.
 */
export interface Viewer {
  user?: AuthUser;
  reveal: boolean;
}

export const viewerOf = (user: AuthUser | undefined): Viewer => ({
  user,
  reveal: user?.role === 'admin',
});
export const ANONYMOUS: Viewer = { reveal: false };

/** The languages whose flag is set, in es, en, fr order. */
export const visibleLanguages = (flags: Localized<boolean>): Lang[] =>
  LANGUAGES.filter((l) => isVisibleIn(flags, l));

/** Both sets of flags at once: a class is visible only where its module and its item are too. */
export const andFlags = (...all: Array<Localized<boolean>>): Localized<boolean> => ({
  es: all.every((f) => f.es === true),
  en: all.every((f) => f.en === true),
  fr: all.every((f) => f.fr === true),
});

/** 403 `catalog.unavailable_in_language` with `data.availableLanguages`, unless visible or revealed. */
export function assertVisibleIn(
  flags: Localized<boolean>,
  lang: Lang,
  viewer: Viewer,
  what: string,
): void {
  if (viewer.reveal || isVisibleIn(flags, lang)) return;
  throw forbidden(
    CATALOG_ERRORS.unavailableInLanguage,
    `This ${what} is not available in ${lang}`,
    {
      availableLanguages: visibleLanguages(flags),
    },
  );
}

/** The text of the visible languages; '' for the hidden ones (everything when revealed). */
export function blankText(
  value: Partial<Localized<string>> | null | undefined,
  flags: Localized<boolean>,
  reveal = false,
): Localized {
  const out = { es: '', en: '', fr: '' };
  for (const l of LANGUAGES) if (reveal || flags[l]) out[l] = value?.[l] ?? '';
  return out;
}

/** The value of the visible languages; null for the hidden ones (everything when revealed). */
export function blankOptional(
  value: Partial<Localized<string | null>> | null | undefined,
  flags: Localized<boolean>,
  reveal = false,
): Localized<string | null> {
  const out: Localized<string | null> = { es: null, en: null, fr: null };
  for (const l of LANGUAGES) if (reveal || flags[l]) out[l] = value?.[l] || null;
  return out;
}

/** Normalised flags (a missing language is hidden). */
export const flagsOf = (
  value: Partial<Localized<boolean>> | null | undefined,
): Localized<boolean> => ({
  es: value?.es === true,
  en: value?.en === true,
  fr: value?.fr === true,
});

const HIDDEN_IN_LANGUAGE =
  'catalog.unavailable_in_language: not shown in this language (data.availableLanguages)';

/** Documents the 403 of a catalogue read hidden in the asked language (`also`: its other 403s). */
export const ApiHiddenInLanguage = (also?: string) =>
  ApiForbiddenResponse({
    description: also ? `${HIDDEN_IN_LANGUAGE}; ${also}` : HIDDEN_IN_LANGUAGE,
  });
