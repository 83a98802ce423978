// What the rest of the API uses of payments: the card payments of memberships and the one
// fulfilment that registers a paid payment.
export * from './subscription-payments.service.js';
export { PaymentsService } from './payments.service.js';
export { taxAnswer } from './checkout-start.service.js';
export { WebhooksService, type BillingEventHandler } from './webhooks.service.js';
export * from './providers/billing-provider.js';
export type { IntentStatus, ProviderEvent } from './providers/payment-provider.js';
