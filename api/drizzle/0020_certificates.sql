CREATE TABLE "certificate_reviews" (
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"review" boolean DEFAULT true NOT NULL,
	CONSTRAINT "certificate_reviews_pkey" PRIMARY KEY("item_type","item_id"),
	CONSTRAINT "certificate_reviews_item_type_check" CHECK ("certificate_reviews"."item_type" in ('course', 'formation'))
);
--> statement-breakpoint
CREATE TABLE "certificate_signer" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"coach_name" text DEFAULT '' NOT NULL,
	"signature" "bytea",
	"signature_type" text,
	CONSTRAINT "certificate_signer_one_row" CHECK ("certificate_signer"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"student_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"class_count" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "certificates_item_type_check" CHECK ("certificates"."item_type" in ('course', 'formation')),
	CONSTRAINT "certificates_status_check" CHECK ("certificates"."status" in ('pending', 'issued', 'declined')),
	CONSTRAINT "certificates_lang_check" CHECK ("certificates"."lang" in ('es', 'en', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_key" ON "certificates" USING btree ("user_id","item_type","item_id") WHERE "certificates"."revoked_at" is null and "certificates"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "certificates_item_idx" ON "certificates" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "certificates_pending_idx" ON "certificates" USING btree ("created_at") WHERE "certificates"."status" = 'pending';