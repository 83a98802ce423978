-- A move of current subscribers to their plan's newer price, with notice: the price that applies
-- from one renewal on, never earlier.
ALTER TABLE "subscriptions" ADD COLUMN "new_price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "new_price_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_new_price_check" CHECK (("subscriptions"."new_price_cents" is null) = ("subscriptions"."new_price_from" is null) and ("subscriptions"."new_price_cents" is null or "subscriptions"."new_price_cents" > 0));