import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { CoursesModule } from '../catalogue/courses/courses.module.js';
import { DiscountsModule } from '../catalogue/discounts/discounts.module.js';
import { FormationsModule } from '../catalogue/formations/formations.module.js';
import { InvoicingModule } from '../invoicing/invoicing.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { UsersModule } from '../users/users.module.js';
import { CardCountryService } from './card-country.service.js';
import { CheckoutPricingService } from './checkout-pricing.service.js';
import { LocalProviderController } from './local-provider.controller.js';
import { PaymentsAdminController, PaymentsController } from './payments.controller.js';
import { PaymentsReconciler } from './payments-reconciler.service.js';
import { PaymentsRepository } from './payments.repository.js';
import { CheckoutStartService } from './checkout-start.service.js';
import { PaymentsService } from './payments.service.js';
import { LocalPaymentProvider } from './providers/local-payment.provider.js';
import { LocalProviderRepository } from './providers/local-provider.repository.js';
import { BILLING_PROVIDER } from './providers/billing-provider.js';
import { PAYMENT_PROVIDER } from './providers/payment-provider.js';
import { StripeBillingProvider } from './providers/stripe-billing.provider.js';
import { StripePaymentProvider } from './providers/stripe-payment.provider.js';
import { StripeTaxProvider, TAX_PROVIDER } from './providers/stripe-tax.provider.js';
import { ReceiptsService } from './receipts.service.js';
import { StripeTaxService } from './stripe-tax.service.js';
import { SubscriptionPaymentsService } from './subscription-payments.service.js';
import { UnneededRefundsService } from './unneeded-refunds.service.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Cart checkout and card payments. The provider is chosen once from the configuration: Stripe
 * when STRIPE_SECRET_KEY is set, else the local test provider; with Stripe, memberships bill
 * through Stripe Billing too and Stripe Tax computes the tax of a checkout.
 */
@Module({
  imports: [
    CoursesModule,
    FormationsModule,
    DiscountsModule,
    PurchasesModule,
    UsersModule,
    InvoicingModule,
  ],
  controllers: [PaymentsController, PaymentsAdminController, LocalProviderController],
  providers: [
    PaymentsRepository,
    LocalProviderRepository,
    LocalPaymentProvider,
    CheckoutPricingService,
    PaymentsService,
    CheckoutStartService,
    PaymentsReconciler,
    ReceiptsService,
    WebhooksService,
    SubscriptionPaymentsService,
    StripeTaxService,
    CardCountryService,
    UnneededRefundsService,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, LocalPaymentProvider],
      useFactory: (config: AppConfig, local: LocalPaymentProvider) =>
        config.stripe.secretKey
          ? new StripePaymentProvider({ ...config.stripe, secretKey: config.stripe.secretKey })
          : local,
    },
    {
      // memberships' recurring billing: Stripe Billing with Stripe keys; without them, none (the
      // local provider's renewals run on the memberships module's clock)
      provide: BILLING_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.stripe.secretKey
          ? new StripeBillingProvider({ ...config.stripe, secretKey: config.stripe.secretKey })
          : null,
    },
    {
      // the tax of a checkout: Stripe Tax with Stripe keys (when the coach leaves it on)
      provide: TAX_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.stripe.secretKey
          ? new StripeTaxProvider({ ...config.stripe, secretKey: config.stripe.secretKey })
          : null,
    },
  ],
  exports: [PaymentsService, SubscriptionPaymentsService, WebhooksService, BILLING_PROVIDER],
})
export class PaymentsModule {}
