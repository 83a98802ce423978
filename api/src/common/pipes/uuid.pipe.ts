import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../errors/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in any case (ids are compared lower-cased: see `toCanonicalId`). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** A path id must be a UUID: anything else is a 400 in the API's error shape, never a database error. */
@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string, meta: ArgumentMetadata): string {
    if (typeof value !== 'string' || !UUID.test(value)) {
      const field = meta.data ?? 'id';
      throw new AppError(400, COMMON_ERRORS.validation, `${field} must be a valid id`, {
        errors: [{ field, code: 'isUuid', message: `${field} must be a valid id` }],
      });
    }
    return value.toLowerCase();
  }
}
