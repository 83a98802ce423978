// What other modules use of invoicing: the tax of a checkout (BillingService) and the invoice of a
// paid payment and the credit note of a refund (InvoicesService).
export { InvoicingModule } from './invoicing.module.js';
export {
  BillingService,
  DEFAULT_BILLING,
  billingDetailsOf,
  STRIPE_TAX_RECORD_JOB,
  STRIPE_TAX_REVERSAL_JOB,
  type BillingQuote,
} from './billing.service.js';
export { InvoicesService, type InvoiceLineInput, type PaidPayment } from './invoices.service.js';
export { MEMBERSHIP_LINE } from './invoice-texts.js';
export { BillingDetailsDto } from './dto/invoicing.dto.js';
