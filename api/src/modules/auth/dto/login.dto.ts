import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX, PASSWORD_MAX } from '@circo/shared-contracts';
import { IsShopEmail, Trim } from '../../../common/validators.js';

export class LoginDto {
  @ApiProperty()
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'Email is required.' })
  @MaxLength(EMAIL_MAX)
  @IsShopEmail()
  email: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(PASSWORD_MAX)
  password: string;
}
