import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from '@circo/shared-contracts';
import { IsPlainText, IsShopPassword } from '../../../common/validators.js';

export class ResetPasswordDto {
  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  @IsPlainText()
  @IsShopPassword()
  newPassword: string;
}
