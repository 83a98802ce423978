import { createHash } from 'node:crypto';
import type { PaymentKind } from '../../database/tables/payments.table.js';
import type { Quote } from './checkout-pricing.service.js';

/**
 * What makes two checkout starts "the same": the user, the kind of payment, the items with the
 * prices charged, and who it is billed to (`billing`: another country or VAT number is another
 * tax, so another payment). A second click on the same cart finds the first payment by this key.
 */
export function idempotencyKeyOf(
  userId: string,
  kind: PaymentKind,
  quote: Quote,
  billing = '',
): string {
  const lines = quote.lines
    .map((l) => `${l.type}:${l.id}:${l.priceCents}`)
    .sort()
    .join('|');
  return createHash('sha256')
    .update(`${userId}|${kind}|${lines}|${quote.amountCents}${billing ? `|${billing}` : ''}`)
    .digest('hex');
}
