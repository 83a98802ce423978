import {
  ADMIN_MESSAGES,
  COMMON_ERRORS,
  hasErrors,
  type AdminMessageKey,
  type FieldErrors,
} from '@circo/shared-contracts';
import { AppError } from '../errors/app-error.js';

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
