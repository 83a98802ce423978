import type { ArgumentMetadata, Type } from '@nestjs/common';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { badRequest } from '../../common/errors/app-error.js';
import { TextInputPipe } from '../../common/pipes/text-input.pipe.js';
import { createValidationPipe } from '../../common/validation.js';

const textInput = new TextInputPipe();
const validation = createValidationPipe();

/**
 * A body checked as the global pipes check a JSON body (control characters, known fields only,
 * types, field messages in a 400): for the text fields of a multipart request, which those pipes
 * never see, and for a route that takes JSON or multipart.
 */
export async function validBody<T extends object>(metatype: Type<T>, value: unknown): Promise<T> {
  const meta: ArgumentMetadata = { type: 'body', metatype, data: '' };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(COMMON_ERRORS.validation, 'The body must be a JSON object');
  }
  return (await validation.transform(textInput.transform(value, meta), meta)) as T;
}

/** A multipart number field ("12.5") as a number; anything else stays as it is (and fails). */
export function numberField(v: string | undefined): unknown {
  return v !== undefined && /^\s*\d{1,6}(\.\d{1,6})?\s*$/.test(v) ? Number(v) : v;
}

/** A multipart field holding JSON (the drawing): parsed, or a 400 naming it. */
export function jsonField(name: string, v: string | undefined): unknown {
  if (v === undefined || v === '') return undefined;
  if (v.length > 20_000) throw badRequest(COMMON_ERRORS.validation, `${name} is too long`, name);
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw badRequest(COMMON_ERRORS.validation, `${name} must be JSON`, name);
  }
}
