import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type {
  BillingPortalResponse,
  MySubscription,
  SubscribeResponse,
} from '@circo/shared-contracts';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { PortalDto, SubscribeDto } from './dto/subscribe.dto.js';
import { SubscriptionStartService } from './subscription-start.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

const NOT_FOUND = 'subscriptions.not_found: none of yours has this id';

/** A student's memberships: subscribe, list, cancel at the period's end, resume, pay what is due. */
@ApiTags('memberships')
@Controller()
@Auth()
export class SubscriptionsController {
  constructor(
    private readonly start: SubscriptionStartService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /**
   * Starts a subscription to a plan: pay its first period with `clientSecret` as a purchase's
   * PaymentIntent (local provider: POST /stripe/local/confirm); active once paid.
   */
  @ApiNotFoundResponse({ description: 'plans.not_found: no such plan' })
  @ApiConflictResponse({
    description:
      'subscriptions.plan_withdrawn: the plan takes no new subscribers; subscriptions.already_subscribed',
  })
  @Post('subscriptions')
  @AccountRateLimit('payment')
  subscribe(@CurrentUser() user: AuthUser, @Body() body: SubscribeDto): Promise<SubscribeResponse> {
    return this.start.subscribe(user, body);
  }

  /** The caller's subscriptions, newest first. */
  @Get('users/me/subscriptions')
  mine(@CurrentUser() user: AuthUser): Promise<MySubscription[]> {
    return this.subscriptions.listMine(user);
  }

  /**
   * A Customer Portal session at Stripe, where the student changes the card that pays the
   * renewals and reads past invoices: open `url`. Only for memberships paid through Stripe.
   */
  @ApiConflictResponse({
    description: 'subscriptions.portal_unavailable: no membership of yours is paid through Stripe',
  })
  @Post('users/me/subscriptions/portal')
  @AccountRateLimit('payment')
  @HttpCode(200)
  portal(@CurrentUser() user: AuthUser, @Body() body: PortalDto): Promise<BillingPortalResponse> {
    return this.subscriptions.portal(user, body.lang);
  }

  /** Cancels at the end of the paid period (access until then); an unpaid one ends now. */
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: 'subscriptions.not_cancelable: it has ended already' })
  @Post('users/me/subscriptions/:id/cancel')
  @HttpCode(200)
  cancel(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
  ): Promise<MySubscription> {
    return this.subscriptions.cancel(user, id);
  }

  /** Takes back a cancel before the period ends: it renews again. */
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({
    description: 'subscriptions.not_resumable: not cancelled, or its period has ended',
  })
  @Post('users/me/subscriptions/:id/resume')
  @HttpCode(200)
  resume(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
  ): Promise<MySubscription> {
    return this.subscriptions.resume(user, id);
  }

  /** The payment a past-due subscription waits for, to pay with another card. */
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: 'subscriptions.nothing_due: no payment is due' })
  @Post('users/me/subscriptions/:id/pay')
  @AccountRateLimit('payment')
  @HttpCode(200)
  pay(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
  ): Promise<SubscribeResponse> {
    return this.subscriptions.payDue(user, id);
  }
}
