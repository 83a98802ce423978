CREATE TABLE "local_provider_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" jsonb,
	"payment_intent_id" text,
	"success_url" text,
	"cancel_url" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'payment_intent' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lang" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "local_provider_objects_idempotency_key" ON "local_provider_objects" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_provider_intent_id_idx" ON "payments" USING btree ("provider_intent_id");--> statement-breakpoint
CREATE INDEX "payments_user_idempotency_idx" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment_intent', 'checkout_session'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_lang_check" CHECK ("payments"."lang" in ('es', 'en', 'fr'));--> statement-breakpoint
-- Data: an embedded payment's intent is its own id; a succeeded payment whose items were granted is fulfilled.
UPDATE "payments" SET "provider_intent_id" = "provider_payment_id" WHERE "provider_intent_id" IS NULL AND "kind" = 'payment_intent';
--> statement-breakpoint
UPDATE "payments" p SET "fulfilled_at" = p."updated_at"
WHERE p."status" = 'succeeded' AND p."fulfilled_at" IS NULL
  AND EXISTS (SELECT 1 FROM "access_grants" g WHERE g."payment_id" = p."id");
