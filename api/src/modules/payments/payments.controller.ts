import {
  applyDecorators,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type {
  CheckoutSessionResponse,
  PaymentIntentResponse,
  PurchaseResult,
} from '@circo/shared-contracts';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import {
  CheckoutDto,
  ConfirmPaymentIntentDto,
  ConfirmSessionQueryDto,
} from './dto/checkout.dto.js';
import { CheckoutStartService } from './checkout-start.service.js';
import { PaymentsService } from './payments.service.js';
import { WebhooksService } from './webhooks.service.js';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';

/** Starts a payment for the caller (rate limited): 404 or 409 for what cannot be sold. */
const StartsPayment = () =>
  applyDecorators(
    Auth(),
    AccountRateLimit('payment'),
    ApiNotFoundResponse({ description: 'payments.item_not_found: no such course or formation' }),
    ApiConflictResponse({
      description: 'payments.item_unavailable, or the provider refused to start the payment',
    }),
  );

/** Registers the purchase of the caller's own payment (rate limited; 403 for another's). */
const ConfirmsPayment = () =>
  applyDecorators(
    Auth(),
    AccountRateLimit('payment'),
    ApiNotFoundResponse({ description: 'payments.not_found: no such payment' }),
    ApiForbiddenResponse({
      description: 'payments.not_yours: the payment belongs to another account',
    }),
  );

/** The card-payment calls of the spec (storefront.md section 7), at their exact /stripe paths. */
@ApiTags('payments')
@Controller('stripe')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly checkout: CheckoutStartService,
    private readonly webhooks: WebhooksService,
  ) {}

  /** Prices the cart on the server and starts a payment: the client secret of its PaymentIntent. */
  @Post('crear-payment-intent')
  @StartsPayment()
  createIntent(
    @CurrentUser() user: AuthUser,
    @Body() dto: CheckoutDto,
  ): Promise<PaymentIntentResponse> {
    return this.checkout.createIntent(user, dto);
  }

  /** Registers the purchase of a PaymentIntent the provider reports as succeeded (idempotent). */
  @Post('confirmar-compra-payment-intent')
  @HttpCode(200)
  @ConfirmsPayment()
  confirmIntent(
    @CurrentUser() user: AuthUser,
    @Body() dto: ConfirmPaymentIntentDto,
  ): Promise<PurchaseResult> {
    return this.payments.confirmIntent(user, dto.paymentIntentId);
  }

  /** A hosted checkout page for the cart: redirect the browser to `url`. */
  @Post('crear-sesion')
  @StartsPayment()
  createSession(
    @CurrentUser() user: AuthUser,
    @Body() dto: CheckoutDto,
    @Req() req: FastifyRequest,
  ): Promise<CheckoutSessionResponse> {
    return this.checkout.createSession(user, dto, req);
  }

  /** Registers the purchase of a completed Checkout Session (idempotent). */
  @Get('confirmar-compra')
  @ConfirmsPayment()
  confirmSession(
    @CurrentUser() user: AuthUser,
    @Query() query: ConfirmSessionQueryDto,
  ): Promise<PurchaseResult> {
    return this.payments.confirmSession(user, query.session_id);
  }

  /** Stripe's signed events (payment_intent.succeeded, checkout.session.completed, charge.refunded). */
  @Post('webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  webhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}

/** Admin actions on payments. */
@ApiTags('payments')
@Controller('payments')
export class PaymentsAdminController {
  constructor(private readonly payments: PaymentsService) {}

  /** Refunds a paid payment in full and ends the access it gave, at once. */
  @ApiConflictResponse({
    description: 'payments.provider_error: only a paid payment can be refunded',
  })
  @Post(':id/refund')
  @HttpCode(200)
  @Auth('admin')
  refund(@Param('id', UuidPipe) id: string): Promise<{ refunded: true }> {
    return this.payments.refund(id);
  }
}
