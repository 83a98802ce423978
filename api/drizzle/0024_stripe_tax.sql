-- Stripe Tax: whether it computes the tax with Stripe keys (the coach's setting, on by default),
-- and, with each payment it computed, its Tax Calculation and the tax transaction recorded once paid.
ALTER TABLE "billing_settings" ADD COLUMN "stripe_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_billing" ADD COLUMN "tax_calculation_id" text;--> statement-breakpoint
ALTER TABLE "payment_billing" ADD COLUMN "tax_transaction_id" text;