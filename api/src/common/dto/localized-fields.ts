import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, type ValidationOptions } from 'class-validator';
import { LANGUAGES } from '@circo/shared-contracts';

// Per-language fields of the admin bodies. A translatable field is an object whose keys are among
// es/en/fr and whose values are strings (or null); anything else is a 400 naming the field. The
// rules about which languages are required live in shared-contracts and run in the services.

const LANG_SET = new Set<string>(LANGUAGES);

export const TEXT_MAX = 500;
export const RICH_TEXT_MAX = 100_000;
export const URL_MAX = 2048;

// A missing field passes here: whether it is required is the shared rule's call (with the spec's
// message); only a present value of the wrong shape is refused.
function isLocalizedOf(value: unknown, ok: (v: unknown) => boolean): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([k, v]) => LANG_SET.has(k) && ok(v));
}

const stringUpTo = (max: number) => (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.length <= max);

/** `{ es?, en?, fr? }` of strings up to `max` characters. */
export const IsLocalizedText = (max: number, options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isLocalizedText', validator: { validate: (v) => isLocalizedOf(v, stringUpTo(max)) } },
    {
      message: ({ property }) =>
        `${property} must be an object with es, en, fr texts of at most ${max} characters`,
      ...options,
    },
  );

/** `{ es?, en?, fr? }` of booleans. */
export const IsLocalizedFlags = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isLocalizedFlags',
      validator: { validate: (v) => isLocalizedOf(v, (f) => typeof f === 'boolean') },
    },
    {
      message: ({ property }) => `${property} must be an object of es, en, fr booleans`,
      ...options,
    },
  );

const hasControlOrSpace = (v: string) =>
  [...v].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);

/** A URL or a path we serve: no control characters, no javascript: and the like. */
export const isSafeUrl = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  v === '' ||
  (typeof v === 'string' &&
    v.length <= URL_MAX &&
    !hasControlOrSpace(v) &&
    (/^https?:\/\//i.test(v) || /^\/api\//.test(v)));

/** `{ es?, en?, fr? }` of http(s) URLs or /api/ paths (or null). */
export const IsLocalizedUrl = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isLocalizedUrl', validator: { validate: (v) => isLocalizedOf(v, isSafeUrl) } },
    {
      message: ({ property }) => `${property} must be an object of es, en, fr http(s) URLs`,
      ...options,
    },
  );

const localizedSchema = (type: 'string' | 'boolean') => ({
  type: 'object' as const,
  additionalProperties: false,
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type, nullable: true }])),
});

/** A required translatable text field (which languages must be filled is a service rule). */
export const LocalizedTextField = (max = TEXT_MAX) =>
  applyDecorators(ApiProperty(localizedSchema('string')), IsLocalizedText(max));

export const OptionalLocalizedTextField = (max = TEXT_MAX) =>
  applyDecorators(
    ApiPropertyOptional(localizedSchema('string')),
    IsOptional(),
    IsLocalizedText(max),
  );

export const OptionalLocalizedUrlField = () =>
  applyDecorators(ApiPropertyOptional(localizedSchema('string')), IsOptional(), IsLocalizedUrl());

export const OptionalFlagsField = () =>
  applyDecorators(
    ApiPropertyOptional(localizedSchema('boolean')),
    IsOptional(),
    IsLocalizedFlags(),
  );

/**
 * A translatable text that the spec's contract may also send as a plain string, meaning Spanish
 * (the vouchers' `name` and `description`): a string up to `max` characters, or `{ es?, en?, fr? }`.
 */
export const IsLocalizedOrPlainText = (max: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isLocalizedOrPlainText',
      validator: {
        validate: (v) =>
          typeof v === 'string' ? v.length <= max : isLocalizedOf(v, stringUpTo(max)),
      },
    },
    {
      message: ({ property }) =>
        `${property} must be a text (Spanish) or an object with es, en, fr texts of at most ${max} characters`,
      ...options,
    },
  );

const localizedOrPlainSchema = (max: number) => ({
  oneOf: [{ type: 'string' as const, maxLength: max }, localizedSchema('string')],
});

export const LocalizedOrPlainTextField = (max = TEXT_MAX) =>
  applyDecorators(ApiProperty(localizedOrPlainSchema(max)), IsLocalizedOrPlainText(max));

export const OptionalLocalizedOrPlainTextField = (max = TEXT_MAX) =>
  applyDecorators(
    ApiPropertyOptional(localizedOrPlainSchema(max)),
    IsOptional(),
    IsLocalizedOrPlainText(max),
  );
