import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from '@circo/shared-contracts';
import { IsShopPassword } from '../../../common/validators.js';

export class ResetPasswordDto {
  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  @IsShopPassword()
  newPassword: string;
}
