import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { LANGUAGES, type Lang, type SubscribeRequest } from '@circo/shared-contracts';
import { BillingDetailsDto } from '../../invoicing/index.js';
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

  @ApiPropertyOptional({ type: BillingDetailsDto, description: 'who is billed for every period' })
  @IsOptional()
  @IsObject({ message: 'billing must be an object' })
  @ValidateNested()
  @Type(() => BillingDetailsDto)
  billing?: BillingDetailsDto;
}

/** POST /users/me/subscriptions/portal */
export class PortalDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'The language of the provider’s pages' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'lang must be es, en or fr' })
  lang?: Lang;
}
