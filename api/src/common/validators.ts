import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  IsNotEmpty,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  EMAIL_MAX,
  FIELD_ERRORS,
  hasBidiControls,
  hasInvalidCharacters,
  isStrongPassword,
  isValidEmail,
} from '@circo/shared-contracts';

/**
 * Text without control characters or lone surrogates (`multiline` keeps tab, LF and CR). The
 * global TextInputPipe already refuses what no field accepts; this is the stricter one-line rule.
 */
export const IsPlainText = (opts: { multiline?: boolean } = {}, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: FIELD_ERRORS.invalidCharacters,
      validator: {
        validate: (v) => typeof v !== 'string' || !hasInvalidCharacters(v, opts),
        defaultMessage: (args) =>
          `${args?.property ?? 'text'} must not contain control characters or invalid Unicode`,
      },
    },
    options,
  );

/**
 * A name (a person's, a voucher's) without characters that change the direction of text: with
 * U+202E in it, a name reads differently in the admin's list and in a spreadsheet than the letters
 * it holds. Takes text or a per-language object of texts.
 */
export const IsNameWithoutBidi = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: FIELD_ERRORS.bidiControls,
      validator: {
        validate: (v) => {
          const texts = typeof v === 'object' && v !== null ? Object.values(v) : [v];
          return texts.every((t) => typeof t !== 'string' || !hasBidiControls(t));
        },
        defaultMessage: (args) =>
          `${args?.property ?? 'name'} must not contain characters that change the direction of text (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)`,
      },
    },
    options,
  );

/** The shared-contracts e-mail rule (the same one the forms use). */
export const IsShopEmail = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'emailInvalid',
      validator: { validate: (v) => typeof v === 'string' && isValidEmail(v) },
    },
    {
      message: 'Invalid email.',
      ...options,
    },
  );

/** The shared-contracts password rule: 8+ characters with an uppercase, a lowercase and a digit. */
export const IsShopPassword = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'passwordInvalid',
      validator: { validate: (v) => typeof v === 'string' && isStrongPassword(v) },
    },
    { message: 'Must have 8 characters, an uppercase, a lowercase and a number.', ...options },
  );

/** Trims strings (other types are left for the type validators to refuse). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** A required, trimmed e-mail field with the spec's messages ("Email is required.", "Invalid email."). */
export const ShopEmailField = () =>
  applyDecorators(
    ApiProperty({ example: 'ana@example.com' }),
    Trim(),
    IsString(),
    IsNotEmpty({ message: 'Email is required.' }),
    MaxLength(EMAIL_MAX),
    IsPlainText(),
    IsShopEmail(),
  );

/**
 * Ids in their canonical form: a UUID field is lower-cased before it is validated, so the same id
 * sent in upper case is the same id everywhere (duplicate checks, unique indexes, lookups).
 */
export const CanonicalId = () =>
  Transform(({ value }: { value: unknown }) => {
    const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
    return Array.isArray(value) ? value.map(lower) : lower(value);
  });
