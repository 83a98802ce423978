import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LANGUAGES } from '@circo/shared-contracts';

/** A CSV's `lang` (es by default): its column names, separator and decimal mark. */
export const CsvLang = () =>
  applyDecorators(
    ApiPropertyOptional({
      enum: LANGUAGES,
      default: 'es',
      description: "the CSV's language: its column names, separator and decimal mark",
    }),
    IsOptional(),
    IsIn(LANGUAGES, { message: 'lang must be es, en or fr' }),
  );
