import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { AppError } from './errors/app-error.js';

/** An error answer lists this many problems at most: its size must not grow with the body. */
export const MAX_REPORTED_ERRORS = 10;
/** Field names (a client's keys) are cut to this length in error answers. */
const MAX_FIELD_CHARS = 100;
const cut = (s: string) => (s.length > MAX_FIELD_CHARS ? `${s.slice(0, MAX_FIELD_CHARS)}…` : s);

// When a value sent is not of the field's type, its range checks (at most 86400, at most 100
// characters) fail too and would describe a number or a text it is not: only the type is reported.
// A value not sent keeps every message (the "required" one among them).
const TYPE_CHECKS = new Set([
  'isNumber',
  'isInt',
  'isString',
  'isBoolean',
  'isArray',
  'isObject',
  'isDate',
  'isNumberLike',
]);
function ownProblems(e: ValidationError): Array<[string, string]> {
  const all = Object.entries(e.constraints ?? {});
  if (e.value === undefined || e.value === null) return all;
  const types = all.filter(([code]) => TYPE_CHECKS.has(code));
  return types.length > 0 ? types : all;
}

function flatten(
  errors: ValidationError[],
  parent = '',
): Array<{ field: string; code: string; message: string }> {
  return errors.flatMap((e) => {
    const field = cut(parent ? `${parent}.${e.property}` : e.property);
    const own = ownProblems(e).map(([code, message]) => ({
      field,
      code,
      message: message.length > 300 ? `${message.slice(0, 300)}…` : message,
    }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Global validation: known fields only, types enforced, field-level messages in a 400. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const list = flatten(errors).slice(0, MAX_REPORTED_ERRORS);
      return new AppError(400, COMMON_ERRORS.validation, list[0]?.message ?? 'Invalid request', {
        errors: list,
      });
    },
  });
}
