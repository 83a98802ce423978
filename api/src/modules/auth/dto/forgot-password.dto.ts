import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX, LANGUAGES, type Lang } from '@circo/shared-contracts';
import { IsShopEmail, Trim } from '../../../common/validators.js';

export class ForgotPasswordDto {
  @ApiProperty()
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'Email is required.' })
  @MaxLength(EMAIL_MAX)
  @IsShopEmail()
  email: string;

  /** Language of the e-mail. */
  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Lang;
}
