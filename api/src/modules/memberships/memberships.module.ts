import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../catalogue/cache/public-cache.module.js';
import { CoursesModule } from '../catalogue/courses/courses.module.js';
import { FormationsModule } from '../catalogue/formations/formations.module.js';
import { InvoicingModule } from '../invoicing/invoicing.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { BillingEventsService } from './billing-events.service.js';
import { MembershipBillingService } from './membership-billing.service.js';
import { PlansAdminController } from './plans-admin.controller.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { PriceMoveAtProviderService } from './price-move-at-provider.service.js';
import { PriceMovesService } from './price-moves.service.js';
import { SubscriptionClockService } from './subscription-clock.service.js';
import { SubscriptionPeriodsService } from './subscription-periods.service.js';
import { SubscriptionStartService } from './subscription-start.service.js';
import { SubscriptionsAdminController } from './subscriptions-admin.controller.js';
import { SubscriptionsAdminService } from './subscriptions-admin.service.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Membership plans and the subscriptions to them. */
@Module({
  imports: [
    PublicCacheModule,
    CoursesModule,
    FormationsModule,
    PaymentsModule,
    InvoicingModule,
    MailModule,
    UsersModule,
  ],
  controllers: [
    PlansAdminController,
    PlansController,
    SubscriptionsController,
    SubscriptionsAdminController,
  ],
  providers: [
    PlansRepository,
    PlansService,
    SubscriptionsRepository,
    SubscriptionsService,
    SubscriptionStartService,
    SubscriptionPeriodsService,
    SubscriptionClockService,
    SubscriptionsAdminService,
    MembershipBillingService,
    BillingEventsService,
    PriceMovesService,
    PriceMoveAtProviderService,
  ],
  exports: [PlansService, SubscriptionsService],
})
export class MembershipsModule {}
