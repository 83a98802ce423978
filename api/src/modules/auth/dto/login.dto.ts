import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from '@circo/shared-contracts';
import { ShopEmailField } from '../../../common/validators.js';

export class LoginDto {
  @ShopEmailField()
  email: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(PASSWORD_MAX)
  password: string;
}
