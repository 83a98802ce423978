import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  LANGUAGES,
  type CheckoutItemRequest,
  type CheckoutRequest,
  type ConfirmPaymentIntentRequest,
  type Lang,
  type LocalCardRequest,
} from '@circo/shared-contracts';
import { ITEM_TYPES, type ItemType } from '../../../database/tables/columns.js';
import { CanonicalId } from '../../../common/validators.js';
import { BillingDetailsDto } from '../../invoicing/index.js';

export class CheckoutItemDto implements CheckoutItemRequest {
  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'id must be a valid id' })
  id: string;

  @ApiProperty({ enum: ITEM_TYPES })
  @IsIn(ITEM_TYPES, { message: 'type must be course or formation' })
  type: ItemType;

  @ApiPropertyOptional({
    description: 'The price the cart showed (USD); informative only, never charged',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price must be a number' })
  @Min(0, { message: 'price must not be negative' })
  @Max(1_000_000, { message: 'price is too large' })
  price?: number;
}

/** POST /stripe/crear-payment-intent and /stripe/crear-sesion. */
export class CheckoutDto implements CheckoutRequest {
  @ApiProperty({ type: [CheckoutItemDto] })
  @IsArray({ message: 'items must be a list' })
  @ArrayNotEmpty({ message: 'The cart is empty' })
  @ArrayMaxSize(50, { message: 'A cart holds at most 50 items' })
  @ValidateNested({ each: true })
  @Type(() => CheckoutItemDto)
  items: CheckoutItemDto[];

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'lang must be es, en or fr' })
  lang?: Lang;

  @ApiPropertyOptional({
    type: BillingDetailsDto,
    description:
      "Who the invoice is made out to; without it the buyer's last billing country applies, else the seller's",
  })
  @IsOptional()
  @IsObject({ message: 'billing must be an object' })
  @ValidateNested()
  @Type(() => BillingDetailsDto)
  billing?: BillingDetailsDto;
}

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

export class ConfirmPaymentIntentDto implements ConfirmPaymentIntentRequest {
  @ApiProperty({ example: 'pi_3Nxyz' })
  @IsString({ message: 'paymentIntentId must be a text' })
  @Matches(INTENT_ID, { message: 'paymentIntentId is not a payment id' })
  paymentIntentId: string;
}

export class ConfirmSessionQueryDto {
  @ApiProperty({ example: 'cs_test_a1b2' })
  @IsString({ message: 'session_id must be a text' })
  @Matches(/^cs_[A-Za-z0-9_]{1,200}$/, { message: 'session_id is not a checkout session id' })
  session_id: string;
}

/** POST /stripe/local/confirm: the test card form of the local provider. */
export class LocalCardDto implements LocalCardRequest {
  @ApiProperty()
  @IsString({ message: 'paymentIntentId must be a text' })
  @Matches(INTENT_ID, { message: 'paymentIntentId is not a payment id' })
  paymentIntentId: string;

  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString({ message: 'cardNumber must be a text' })
  @Matches(/^[\d\s-]{1,30}$/, { message: 'cardNumber must be digits' })
  cardNumber: string;

  @ApiProperty({ example: '12/34' })
  @IsString({ message: 'expiry must be a text' })
  @Matches(/^[\d\s/]{1,10}$/, { message: 'expiry must be MM/YY' })
  expiry: string;

  @ApiProperty({ example: '123' })
  @IsString({ message: 'cvc must be a text' })
  @Matches(/^\d{1,8}$/, { message: 'cvc must be digits' })
  cvc: string;
}
