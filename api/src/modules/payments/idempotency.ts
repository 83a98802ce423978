import { createHash } from 'node:crypto';
import type { PaymentKind } from '../../database/tables/payments.table.js';
import type { Quote } from './checkout-pricing.service.js';

/**
 * What makes two checkout starts "the same": the user, the kind of payment, and the items with the
 * prices charged. A second click on the same cart finds the first payment by this key.
 */
export function idempotencyKeyOf(userId: string, kind: PaymentKind, quote: Quote): string {
  const lines = quote.lines
    .map((l) => `${l.type}:${l.id}:${l.priceCents}`)
    .sort()
    .join('|');
  return createHash('sha256')
    .update(`${userId}|${kind}|${lines}|${quote.amountCents}`)
    .digest('hex');
}
