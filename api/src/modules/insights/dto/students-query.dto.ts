import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Lang } from '@circo/shared-contracts';
import { IsPlainText, Trim } from '../../../common/validators.js';
import { CsvLang } from './csv-lang.js';

/** GET /admin/students?q=&page= (and .csv, which ignores page). */
export class StudentsQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'part of a name, surname or e-mail' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'q must be a single text' })
  @IsPlainText()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 10_000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(10_000)
  page: number = 1;

  @CsvLang()
  lang: Lang = 'es';
}
