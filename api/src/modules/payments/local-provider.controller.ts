import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsIn, IsString, Matches } from 'class-validator';
import { PAYMENT_ERRORS, type LocalCardResponse } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { LocalCardDto } from './dto/checkout.dto.js';
import { authenticatePage, checkoutPage, langOf } from './local-provider.pages.js';
import { PaymentsService } from './payments.service.js';
import { LocalPaymentProvider } from './providers/local-payment.provider.js';
import { ProviderError } from './providers/payment-provider.js';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';

class AuthenticateFormDto {
  @IsIn(['approve', 'fail'], { message: 'action must be approve or fail' })
  action: 'approve' | 'fail';
}

class CardFormDto {
  @IsString()
  @Matches(/^[\d\s-]{0,30}$/, { message: 'cardNumber must be digits' })
  cardNumber: string;
  @IsString() @Matches(/^[\d\s/]{0,10}$/, { message: 'expiry must be MM/YY' }) expiry: string;
  @IsString() @Matches(/^\d{0,8}$/, { message: 'cvc must be digits' }) cvc: string;
}

const ID = /^(pi|cs)_local_[0-9a-f]{24}$/;

/**
 * The local test provider's calls and pages (only when no Stripe keys are set): the test card form
 * of the embedded payment, the confirmation step, and the hosted checkout page. A payment that
 * succeeds here is registered at once, as a Stripe webhook would register it.
 */
@ApiTags('payments (local test provider)')
@Controller('stripe/local')
export class LocalProviderController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly local: LocalPaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Pays the caller's PaymentIntent with a test card. */
  @ApiNotFoundResponse({ description: 'payments.not_found: no such payment' })
  @ApiForbiddenResponse({
    description: 'payments.not_yours: the payment belongs to another account',
  })
  @Post('confirm')
  @AccountRateLimit('payment')
  @HttpCode(200)
  @Auth()
  async confirm(
    @CurrentUser() user: AuthUser,
    @Body() dto: LocalCardDto,
  ): Promise<LocalCardResponse> {
    this.assertLocal();
    const payment = await this.payments.paymentOf(user, dto.paymentIntentId);
    const { cardCountry, ...result } = await this.local.payIntent(dto.paymentIntentId, dto);
    if (result.status === 'succeeded') {
      await this.payments.fulfilProviderObject(
        dto.paymentIntentId,
        undefined,
        payment,
        cardCountry,
      );
    }
    return { paymentIntentId: dto.paymentIntentId, ...result };
  }

  @Get('authenticate/:id')
  @ApiExcludeEndpoint()
  async authenticatePage(
    @Param('id') id: string,
    @Query('client_secret') secret: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const intent = await this.local.getWithSecret(this.checkId(id), 'payment_intent', secret);
    this.html(
      reply,
      authenticatePage(
        langOf(intent.metadata),
        intent.id,
        intent.clientSecret,
        intent.amountCents,
        intent.status === 'requires_action',
      ),
    );
  }

  @Post('authenticate/:id')
  @ApiExcludeEndpoint()
  async authenticate(
    @Param('id') id: string,
    @Query('client_secret') secret: unknown,
    @Body() form: AuthenticateFormDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const intentId = (await this.local.getWithSecret(this.checkId(id), 'payment_intent', secret))
      .id;
    const next = await this.local.authenticate(intentId, form.action === 'approve');
    const intent = await this.local.get(intentId, 'payment_intent');
    if (intent.status === 'succeeded') {
      await this.payments.fulfilProviderObject(intent.metadata.sessionId ?? intentId, intentId);
    }
    void reply.status(303).header('Location', next).send();
  }

  @Get('checkout/:id')
  @ApiExcludeEndpoint()
  async checkoutPage(
    @Param('id') id: string,
    @Query('client_secret') secret: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = await this.local.getWithSecret(this.checkId(id), 'checkout_session', secret);
    if (session.status === 'complete' && session.successUrl) {
      void reply.status(303).header('Location', session.successUrl).send();
      return;
    }
    this.html(
      reply,
      checkoutPage(
        langOf(session.metadata),
        session.id,
        session.clientSecret,
        session.amountCents,
        session.cancelUrl ?? '/',
      ),
    );
  }

  @Post('checkout/:id')
  @ApiExcludeEndpoint()
  async payCheckout(
    @Param('id') id: string,
    @Query('client_secret') secret: unknown,
    @Body() form: CardFormDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const session = await this.local.getWithSecret(this.checkId(id), 'checkout_session', secret);
    const result = await this.local.paySession(session.id, form);
    if (result.status === 'failed') {
      this.html(
        reply,
        checkoutPage(
          langOf(session.metadata),
          session.id,
          session.clientSecret,
          session.amountCents,
          session.cancelUrl ?? '/',
          result.error?.message,
        ),
        402,
      );
      return;
    }
    if (result.status === 'succeeded') {
      const paid = await this.local.get(session.id, 'checkout_session');
      await this.payments.fulfilProviderObject(session.id, paid.paymentIntentId ?? undefined);
    }
    void reply
      .status(303)
      .header('Location', result.redirectUrl ?? '/')
      .send();
  }

  private assertLocal(): void {
    if (this.payments.providerName !== 'local') {
      throw new ProviderError(
        PAYMENT_ERRORS.notTestMode,
        'Payments are not in local test mode',
        404,
      );
    }
  }

  private checkId(id: string): string {
    this.assertLocal();
    if (!ID.test(id)) throw new ProviderError(PAYMENT_ERRORS.notFound, 'Payment not found', 404);
    return id;
  }

  private html(reply: FastifyReply, body: string, status = 200): void {
    const origin = new URL(this.config.publicUrl).origin;
    void reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(body);
  }
}
