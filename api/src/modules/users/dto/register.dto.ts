import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LANGUAGES, PASSWORD_MAX, type Lang } from '@circo/shared-contracts';
import {
  IsNameWithoutBidi,
  IsPlainText,
  IsShopPassword,
  ShopEmailField,
  Trim,
} from '../../../common/validators.js';

/** POST /users (the password confirmation is checked by the form and never sent). */
export class RegisterDto {
  @ApiProperty({ example: 'Ana' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'First name is required.' })
  @MaxLength(100)
  @IsPlainText()
  @IsNameWithoutBidi()
  name: string;

  @ApiProperty({ example: 'Pérez' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'Last name is required.' })
  @MaxLength(100)
  @IsPlainText()
  @IsNameWithoutBidi()
  surname: string;

  @ShopEmailField()
  email: string;

  @ApiProperty({ example: 'Secreta123' })
  @IsString()
  @MaxLength(PASSWORD_MAX)
  @IsPlainText()
  @IsShopPassword()
  password: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Lang;
}
