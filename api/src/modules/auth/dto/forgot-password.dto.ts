import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import { ShopEmailField } from '../../../common/validators.js';

export class ForgotPasswordDto {
  @ShopEmailField()
  email: string;

  /** Language of the e-mail. */
  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Lang;
}
