import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { COURSE_LIST_LIMIT } from '@circo/shared-contracts';
import { LangQueryDto } from '../../../../common/dto/lang-query.dto.js';

/** GET /courses/visible?lang=&limit=&offset= (one page; the storefront uses the default). */
export class ListCoursesDto extends LangQueryDto {
  @ApiPropertyOptional({
    default: COURSE_LIST_LIMIT.default,
    minimum: 1,
    maximum: COURSE_LIST_LIMIT.max,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(COURSE_LIST_LIMIT.max)
  limit: number = COURSE_LIST_LIMIT.default;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  @Max(1_000_000)
  offset: number = 0;
}
