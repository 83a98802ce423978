import {
  ADMIN_MESSAGES,
  COMMON_ERRORS,
  LANGUAGES,
  hasErrors,
  languagesMissingContent,
  missingToShow,
  type AdminMessageKey,
  type FieldErrors,
  type Lang,
  type Localized,
  type ShowableInput,
  type ShowableKind,
  type VisibilityResult,
} from '@circo/shared-contracts';
import { AppError } from '../../../common/errors/app-error.js';

/**
 * Runs the result of a shared-contracts admin rule (the same function the admin forms run): a 400
 * `common.validation_failed` listing each field with the rule's key as its code and the spec's
 * Spanish text as its message. `message` overrides the top-level message (e.g. missing languages).
 */
export function assertRules(errors: FieldErrors<string, AdminMessageKey>, message?: string): void {
  if (!hasErrors(errors)) return;
  const list = Object.entries(errors)
    .filter((e): e is [string, AdminMessageKey] => e[1] !== undefined)
    .map(([field, code]) => ({ field, code, message: ADMIN_MESSAGES[code] }));
  throw new AppError(400, COMMON_ERRORS.validation, message ?? list[0].message, { errors: list });
}

/** The names the global messages list (the admin area's texts are in Spanish). */
const LANGUAGE_NAMES_ES: Record<Lang, string> = { es: 'Español', en: 'Inglés', fr: 'Francés' };

/** "Falta completar la información en: Inglés, Francés" */
export const missingLanguagesMessage = (langs: readonly Lang[]): string =>
  ADMIN_MESSAGES.missingLanguages.replace(
    '{{languages}}',
    langs.map((l) => LANGUAGE_NAMES_ES[l]).join(', '),
  );

/**
 * A 400 `common.validation_failed` with the in-person manager's "Falta completar la información
 * en: ..." message when the item would be visible in a language whose content (missingToShow)
 * is missing; each missing field is listed as `<field>.<lang>`.
 */
export function assertShowable(
  kind: ShowableKind,
  item: ShowableInput,
  visible: Localized<boolean>,
): void {
  const missing = languagesMissingContent(
    kind,
    item,
    LANGUAGES.filter((l) => visible[l]),
  );
  if (missing.length === 0) return;
  const message = missingLanguagesMessage(missing);
  const errors = missing.flatMap((lang) =>
    missingToShow(kind, item, lang).map((field) => ({
      field: `${field}.${lang}`,
      code: 'missingLanguages',
      message,
    })),
  );
  throw new AppError(400, COMMON_ERRORS.validation, message, { errors });
}

/**
 * Flags of a new item: the ones the body asks for must have their content (else 400); the ones
 * it inherits (its parent's, or the default) are kept only where the content is there.
 */
export function showableFlags(
  kind: ShowableKind,
  item: ShowableInput,
  asked: Partial<Record<string, boolean>> | null | undefined,
  inherited: Localized<boolean>,
): Localized<boolean> {
  const explicit = (l: Lang) => typeof asked?.[l] === 'boolean';
  const out = Object.fromEntries(
    LANGUAGES.map((l) => [
      l,
      explicit(l) ? asked![l] === true : inherited[l] && missingToShow(kind, item, l).length === 0,
    ]),
  ) as Localized<boolean>;
  assertShowable(kind, item, out);
  return out;
}

/** The rows a visibility switch reads and writes (`TableRows` of a table with `visible`). */
export interface ShowableRows<Row extends ShowableInput & { visible: Localized<boolean> }> {
  find(id: string): Promise<Row | undefined>;
  toggleVisible(id: string, lang: Lang): Promise<Localized<boolean> | undefined>;
}

/**
 * Switches an item, module or class on or off in one language: on only where its content is
 * there (else 400 with the languages that lack it); `missing()` is the error when there is no row.
 */
export async function toggleShown<Row extends ShowableInput & { visible: Localized<boolean> }>(
  kind: ShowableKind,
  rows: ShowableRows<Row>,
  id: string,
  lang: Lang,
  missing: () => Error,
): Promise<VisibilityResult> {
  const current = await rows.find(id);
  if (!current) throw missing();
  if (!current.visible[lang]) assertShowable(kind, current, { ...current.visible, [lang]: true });
  const visible = await rows.toggleVisible(id, lang);
  if (!visible) throw missing();
  return { _id: id, visible };
}
