import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { COMMON_ERRORS, FIELD_ERRORS, hasInvalidCharacters } from '@circo/shared-contracts';
import { AppError } from '../errors/app-error.js';

/** No request of this API nests deeper; a deeper body would overflow the validators' recursion. */
export const MAX_INPUT_DEPTH = 32;

type Finding = { field: string; problem: 'text' | 'depth' };

/**
 * The first string inside `value` that fails `bad`, or the first value nested deeper than
 * MAX_INPUT_DEPTH, with its field path. Iterative: a deeply nested body cannot overflow the stack.
 */
function findBad(value: unknown, root: string, bad: (s: string) => boolean): Finding | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value, path: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (bad(item.value)) return { field: item.path, problem: 'text' };
      continue;
    }
    // raw bodies (a webhook's signed Buffer) are bytes, not text
    if (item.value === null || typeof item.value !== 'object' || ArrayBuffer.isView(item.value))
      continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { field: item.path, problem: 'depth' };
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const path = item.path ? `${item.path}.${key}` : key;
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * Global check of every query string, path parameter and JSON body, before any other pipe: NUL,
 * the other C0/C1 control characters and lone surrogates answer 400 naming the field, wherever they
 * are (tab and line breaks stay: they are whitespace, and multi-line text needs them). PostgreSQL
 * cannot store NUL, so without this such input reached the database as a 500. One-line fields add
 * `@IsPlainText()`, which refuses tab and line breaks too. A body nested deeper than
 * MAX_INPUT_DEPTH is refused here too, before the recursive validators could overflow.
 */
@Injectable()
export class TextInputPipe implements PipeTransform {
  transform(value: unknown, meta: ArgumentMetadata): unknown {
    if (meta.type === 'custom') return value;
    const found = findBad(value, meta.data ?? '', (s) =>
      hasInvalidCharacters(s, { multiline: true }),
    );
    if (found === null) return value;
    const field = found.field || meta.type;
    const [code, message] =
      found.problem === 'text'
        ? [
            FIELD_ERRORS.invalidCharacters,
            `${field} must not contain control characters or invalid Unicode`,
          ]
        : [FIELD_ERRORS.tooDeep, `${field} is nested more than ${MAX_INPUT_DEPTH} levels deep`];
    throw new AppError(400, COMMON_ERRORS.validation, message, {
      errors: [{ field, code, message }],
    });
  }
}
