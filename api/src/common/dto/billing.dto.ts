import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsISO31661Alpha2,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import type { BillingDetails } from '@circo/shared-contracts';
import { IsPlainText } from '../validators.js';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** `billing` where a payment starts (a membership's subscribe): who is billed, and where. */
export class BillingDto implements BillingDetails {
  @ApiProperty({ example: 'Lucía Pérez', maxLength: 200 })
  @Transform(trimmed)
  @IsString({ message: 'billing.name must be a text' })
  @IsNotEmpty({ message: 'billing.name is required' })
  @MaxLength(200, { message: 'billing.name is at most 200 characters' })
  @IsPlainText()
  name!: string;

  @ApiProperty({ example: 'ES', description: 'ISO 3166-1 alpha-2 country code' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString({ message: 'billing.country must be a text' })
  @IsISO31661Alpha2({ message: 'billing.country must be a country code such as ES' })
  country!: string;

  @ApiPropertyOptional({ example: 'DE123456789', description: 'a business’s VAT or tax ID' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'billing.taxId must be a text' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 .-]{1,29}$/, {
    message: 'billing.taxId must be 2 to 30 letters and digits',
  })
  taxId?: string;
}
