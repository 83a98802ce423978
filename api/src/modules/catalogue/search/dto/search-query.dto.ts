import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { SEARCH_LIMIT } from '@circo/shared-contracts';
import { LangQueryDto } from '../../../../common/dto/lang-query.dto.js';
import { IsPlainText, Trim } from '../../../../common/validators.js';

/** GET /search?q=&lang=&limit= (a blank q is refused by the service with `search.query_required`). */
export class SearchQueryDto extends LangQueryDto {
  @ApiPropertyOptional({ maxLength: SEARCH_LIMIT.queryMax, example: 'acrobacia' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'q must be a single text' })
  @IsPlainText()
  @MaxLength(SEARCH_LIMIT.queryMax, {
    message: `q must be at most ${SEARCH_LIMIT.queryMax} characters`,
  })
  q?: string;

  @ApiPropertyOptional({ default: SEARCH_LIMIT.default, minimum: 1, maximum: SEARCH_LIMIT.max })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(SEARCH_LIMIT.max)
  limit: number = SEARCH_LIMIT.default;
}
