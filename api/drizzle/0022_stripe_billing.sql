-- Stripe Billing for memberships: the student's Customer (the Customer Portal), the time of the
-- newest subscription event applied (webhooks arrive in any order), and who is billed.
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing" jsonb;--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("user_id","provider_customer_id") WHERE "subscriptions"."provider_customer_id" is not null;