import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { LANGUAGES, type Lang, type SubscribeRequest } from '@circo/shared-contracts';
import { CanonicalId } from '../../../common/validators.js';

/** POST /subscriptions */
export class SubscribeDto implements SubscribeRequest {
  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'planId must be a valid id' })
  planId!: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'lang must be es, en or fr' })
  lang?: Lang;
}
