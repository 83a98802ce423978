import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { COMMON_ERRORS, FIELD_ERRORS, hasInvalidCharacters } from '@circo/shared-contracts';
import { AppError } from '../errors/app-error.js';

/** The first string inside `value` (any depth) that fails `bad`, with its field path. */
function findBad(value: unknown, path: string, bad: (s: string) => boolean): string | null {
  if (typeof value === 'string') return bad(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findBad(child, path ? `${path}.${key}` : key, bad);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Global check of every query string, path parameter and JSON body, before any other pipe: NUL,
 * the other C0/C1 control characters and lone surrogates answer 400 naming the field, wherever they
 * are (tab and line breaks stay: they are whitespace, and multi-line text needs them). PostgreSQL
 * cannot store NUL, so without this such input reached the database as a 500. One-line fields add
 * `@IsPlainText()`, which refuses tab and line breaks too.
 */
@Injectable()
export class TextInputPipe implements PipeTransform {
  transform(value: unknown, meta: ArgumentMetadata): unknown {
    if (meta.type === 'custom') return value;
    const field = findBad(value, meta.data ?? '', (s) =>
      hasInvalidCharacters(s, { multiline: true }),
    );
    if (field === null) return value;
    const name = field || meta.type;
    const message = `${name} must not contain control characters or invalid Unicode`;
    throw new AppError(400, COMMON_ERRORS.validation, message, {
      errors: [{ field: name, code: FIELD_ERRORS.invalidCharacters, message }],
    });
  }
}
