import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import type { AppConfig } from '../../src/config/app-config.js';
import { STRIPE_API_VERSION } from '../../src/modules/payments/providers/stripe-payment.provider.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import type { TestApp } from './test-app.js';

/** A webhook secret of one test file, and the Stripe settings of its apps on `stand`. */
export function stripeSettings(stand: StripeStandIn, webhookSecret: string): AppConfig['stripe'] {
  return {
    secretKey: 'sk_test_circo',
    publishableKey: 'pk_test_circo',
    webhookSecret,
    host: '127.0.0.1',
    port: stand.port,
    protocol: 'http',
  };
}

export const newWebhookSecret = () => `whsec_${randomBytes(16).toString('hex')}`;

const signer = new Stripe('sk_test_signer');
let seq = 0;

/**
 * Posts a Stripe event to `t`'s webhook, signed with the SDK's own test-header helper as Stripe
 * signs it. `created` (ms) says when Stripe made it: events arrive in any order.
 */
export function sendStripeEvent(
  t: TestApp,
  type: string,
  object: object,
  opts: { id?: string; created?: number } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${++seq}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: Math.floor((opts.created ?? Date.now()) / 1000),
    type,
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: t.config.stripe.webhookSecret!,
  });
  return request(t.app.getHttpServer())
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(payload);
}
