import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { AppError } from './errors/app-error.js';

function flatten(
  errors: ValidationError[],
  parent = '',
): Array<{ field: string; code: string; message: string }> {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([code, message]) => ({
      field,
      code,
      message,
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
      const list = flatten(errors);
      return new AppError(400, COMMON_ERRORS.validation, list[0]?.message ?? 'Invalid request', {
        errors: list,
      });
    },
  });
}
