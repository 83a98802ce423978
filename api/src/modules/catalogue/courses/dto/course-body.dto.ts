import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import { ItemMediaBodyDto } from '../../admin/admin-bodies.dto.js';
import { RICH_TEXT_MAX, TEXT_MAX, isSafeUrl } from '../../../../common/dto/localized-fields.js';

const LANG_SET = new Set<string>(LANGUAGES);

/** A string (simple forms) or `{ es?, en?, fr? }` of strings (full form), up to `max` characters. */
const IsTextOrLocalized = (max: number) =>
  ValidateBy(
    {
      name: 'isTextOrLocalized',
      validator: {
        validate: (v) => {
          if (v === undefined || v === null) return true;
          if (typeof v === 'string') return v.length <= max;
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
          return Object.entries(v).every(
            ([k, t]) =>
              LANG_SET.has(k) && (t === null || (typeof t === 'string' && t.length <= max)),
          );
        },
      },
    },
    { message: ({ property }) => `${property} must be a text or an object of es, en, fr texts` },
  );

const IsSafeUrl = () =>
  ValidateBy(
    { name: 'isSafeUrl', validator: { validate: isSafeUrl } },
    { message: ({ property }) => `${property} must be an http(s) URL` },
  );

/**
 * POST /courses and PUT /courses/{id}. Two shapes: the full form (per-language objects, the
 * Spanish texts and image required) and the simple forms of /admin/create and /admin/edit/{id}
 * (`language` set: plain title, description, pdfUrl and videoUrl for that one language).
 */
export class CourseBodyDto extends ItemMediaBodyDto {
  @ApiPropertyOptional({ description: 'a text (simple form) or { es, en, fr }' })
  @IsTextOrLocalized(TEXT_MAX)
  title!: string | Record<string, string | null>;

  @ApiPropertyOptional({ description: 'a text (simple form) or { es, en, fr }' })
  @IsTextOrLocalized(RICH_TEXT_MAX)
  description!: string | Record<string, string | null>;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'simple forms: the language of the texts' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'Todos los campos obligatorios deben completarse.' })
  language?: Lang;

  @ApiPropertyOptional({ description: 'simple forms' })
  @IsOptional()
  @IsSafeUrl()
  pdfUrl?: string;

  @ApiPropertyOptional({ description: 'simple forms' })
  @IsOptional()
  @IsSafeUrl()
  videoUrl?: string;
}
