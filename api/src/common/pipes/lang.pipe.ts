import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { COMMON_ERRORS, isLang, type Lang } from '@circo/shared-contracts';
import { AppError } from '../errors/app-error.js';

/** A `:lang` path segment must be es, en or fr. */
@Injectable()
export class LangPipe implements PipeTransform<string, Lang> {
  transform(value: string, meta: ArgumentMetadata): Lang {
    if (!isLang(value)) {
      const field = meta.data ?? 'lang';
      const message = `${field} must be one of es, en, fr`;
      throw new AppError(400, COMMON_ERRORS.validation, message, {
        errors: [{ field, code: 'isIn', message }],
      });
    }
    return value;
  }
}
