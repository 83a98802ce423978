import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  BILLING_LIMITS,
  INVOICE_SERIES_PATTERN,
  type BillingDetails,
  type BillingSettingsInput,
  type Lang,
} from '@circo/shared-contracts';
import { IsCalendarDay } from '../../../common/date-fields.js';
import { IsPlainText, Trim } from '../../../common/validators.js';
import { CsvLang } from '../../insights/index.js';

const COUNTRY = /^[A-Za-z]{2}$/;
const COUNTRY_MESSAGE = 'country must be a two-letter ISO 3166 country code';

/** A plain object of at most `max` keys whose values are numbers (rates by country or month). */
const IsNumberRecord = (max: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNumberRecord',
      validator: {
        validate: (v) =>
          typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          Object.keys(v).length <= max &&
          Object.entries(v as Record<string, unknown>).every(
            ([k, n]) => k.length <= 10 && typeof n === 'number' && Number.isFinite(n),
          ),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be an object of at most ${max} numbers`,
      },
    },
    options,
  );

/** `billing` of POST /stripe/crear-payment-intent and /stripe/crear-sesion. */
export class BillingDetailsDto implements BillingDetails {
  @ApiProperty({ maxLength: BILLING_LIMITS.name, example: 'Erika Mustermann' })
  @Trim()
  @IsString({ message: 'billing.name must be a text' })
  @IsPlainText()
  @Matches(/\S/, { message: 'billing.name is required' })
  @MaxLength(BILLING_LIMITS.name, {
    message: `billing.name is at most ${BILLING_LIMITS.name} characters`,
  })
  name: string;

  @ApiProperty({ example: 'DE', description: 'ISO 3166-1 alpha-2' })
  @IsString({ message: COUNTRY_MESSAGE })
  @Matches(COUNTRY, { message: COUNTRY_MESSAGE })
  country: string;

  @ApiPropertyOptional({ maxLength: BILLING_LIMITS.taxId, example: 'DE123456789' })
  @IsOptional()
  @IsString({ message: 'billing.taxId must be a text' })
  @IsPlainText()
  @MaxLength(BILLING_LIMITS.taxId, {
    message: `billing.taxId is at most ${BILLING_LIMITS.taxId} characters`,
  })
  taxId?: string;
}

/** PUT /admin/billing/settings */
export class BillingSettingsDto implements BillingSettingsInput {
  @ApiProperty({ maxLength: BILLING_LIMITS.name })
  @IsString()
  @IsPlainText()
  @MaxLength(BILLING_LIMITS.name)
  legalName: string;

  @ApiProperty({ maxLength: BILLING_LIMITS.taxId })
  @IsString()
  @IsPlainText()
  @MaxLength(BILLING_LIMITS.taxId)
  taxId: string;

  @ApiProperty({ maxLength: BILLING_LIMITS.address })
  @IsString()
  @IsPlainText({ multiline: true })
  @MaxLength(BILLING_LIMITS.address)
  address: string;

  @ApiProperty({ example: 'ES' })
  @IsString({ message: COUNTRY_MESSAGE })
  @Matches(/^[A-Z]{2}$/, { message: COUNTRY_MESSAGE })
  country: string;

  @ApiProperty({ example: 'F' })
  @IsString()
  @Matches(INVOICE_SERIES_PATTERN, { message: 'invoiceSeries: capital letters, digits, dashes' })
  invoiceSeries: string;

  @ApiProperty({ example: 'R' })
  @IsString()
  @Matches(INVOICE_SERIES_PATTERN, { message: 'creditNoteSeries: capital letters, digits, dashes' })
  creditNoteSeries: string;

  @ApiProperty()
  @IsBoolean({ message: 'pricesIncludeTax must be true or false' })
  pricesIncludeTax: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'ossRegistered must be true or false' })
  ossRegistered: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'viesCheck must be true or false' })
  viesCheck: boolean;

  @ApiPropertyOptional({ description: 'Absent: kept as it was' })
  @IsOptional()
  @IsBoolean({ message: 'stripeTax must be true or false' })
  stripeTax?: boolean;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { EE: 24 } })
  @IsNumberRecord(27)
  vatOverrides: Record<string, number>;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { '2026-11': 0.93 },
  })
  @IsNumberRecord(600)
  eurRates: Record<string, number>;
}

/** A period of days, both included, for the reports and exports. */
export class PeriodQueryDto {
  @ApiProperty({ example: '2026-07-01', description: 'first day (UTC)' })
  @IsCalendarDay()
  from!: string;

  @ApiProperty({ example: '2026-09-30', description: 'last day, included (UTC)' })
  @IsCalendarDay()
  to!: string;

  @CsvLang()
  lang: Lang = 'es';
}

export class TaxReportQueryDto extends PeriodQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format: 'json' | 'csv' = 'json';
}

export class InvoicesExportQueryDto extends PeriodQueryDto {
  @ApiPropertyOptional({ enum: ['csv', 'zip'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'zip'], { message: 'format must be csv or zip' })
  format: 'csv' | 'zip' = 'csv';
}
