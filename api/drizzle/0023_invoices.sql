CREATE TABLE "billing_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"tax_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'ES' NOT NULL,
	"invoice_series" text DEFAULT 'F' NOT NULL,
	"credit_note_series" text DEFAULT 'R' NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"oss_registered" boolean DEFAULT true NOT NULL,
	"vies_check" boolean DEFAULT false NOT NULL,
	"vat_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"eur_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id" = 1),
	CONSTRAINT "billing_settings_series_differ" CHECK ("billing_settings"."invoice_series" <> "billing_settings"."credit_note_series")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" uuid,
	"credits_invoice_id" uuid,
	"refund_key" text,
	"lang" text NOT NULL,
	"currency" text NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"country" text NOT NULL,
	"scheme" text NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"tax_eur_cents" integer,
	"net_eur_cents" integer,
	"eur_rate" text,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_lang_check" CHECK ("invoices"."lang" in ('es', 'en', 'fr')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."net_cents" + "invoices"."tax_cents" = "invoices"."total_cents" and ("invoices"."kind" = 'invoice') = ("invoices"."total_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "payment_billing" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"country_source" text NOT NULL,
	"tax_id" text,
	"tax_id_verified" boolean,
	"card_country" text,
	"rate_bp" integer NOT NULL,
	"scheme" text NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_billing_source_check" CHECK ("payment_billing"."country_source" in ('billing', 'profile', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_billing" ADD CONSTRAINT "payment_billing_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_year_seq_key" ON "invoices" USING btree ("series","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_payment" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_key" ON "invoices" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
-- an invoice or credit note is kept as it was issued: a correction is a credit note, never an edit
CREATE OR REPLACE FUNCTION circo_invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % is issued: it cannot be changed or deleted (issue a credit note)', OLD.number
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION circo_invoices_immutable();
