CREATE TABLE "plan_items" (
	"plan_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"course_id" uuid GENERATED ALWAYS AS (case when item_type = 'course' then item_id end) STORED,
	"formation_id" uuid GENERATED ALWAYS AS (case when item_type = 'formation' then item_id end) STORED,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_items_item_type_check" CHECK ("plan_items"."item_type" in ('course', 'formation'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"includes_all" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stripe_product_id" text,
	"stripe_price_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" > 0),
	CONSTRAINT "plans_interval_check" CHECK ("plans"."interval" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_periods_check" CHECK ("subscription_periods"."ends_at" > "subscription_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"price_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"grace_until" timestamp with time zone,
	"due_payment_id" uuid,
	"lang" text DEFAULT 'es' NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('incomplete', 'active', 'past_due', 'canceled')),
	CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."interval" in ('month', 'year')),
	CONSTRAINT "subscriptions_lang_check" CHECK ("subscriptions"."lang" in ('es', 'en', 'fr')),
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'items' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_due_payment_id_payments_id_fk" FOREIGN KEY ("due_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_items_plan_item_key" ON "plan_items" USING btree ("plan_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "plan_items_item_idx" ON "plan_items" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "plan_items_course_id_idx" ON "plan_items" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "plan_items_formation_id_idx" ON "plan_items" USING btree ("formation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_start_key" ON "subscription_periods" USING btree ("subscription_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_payment_key" ON "subscription_periods" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('items', 'subscription'));--> statement-breakpoint
CREATE VIEW "public"."subscription_access" AS (select s.user_id, i.item_type, i.item_id, s.id as subscription_id, s.plan_id,
        p.name as plan_name, (s.status = 'active' and not s.cancel_at_period_end) as renews,
        case when s.status = 'past_due' then greatest(s.grace_until, s.current_period_end)
             else s.current_period_end end as expires_at
      from "subscriptions" s
      join "plans" p on p.id = s.plan_id
      join lateral (
        select 'course'::text as item_type, c.id as item_id from "courses" c where p.includes_all
        union all
        select 'formation'::text, f.id from "formations" f where p.includes_all
        union all
        select pi.item_type, pi.item_id from "plan_items" pi where pi.plan_id = p.id and not p.includes_all
      ) i on true
      where s.status in ('active', 'past_due') and s.current_period_end is not null);
--> statement-breakpoint
-- the plans are part of the public catalogue's answers (GET /plans): a write bumps its version,
-- so every instance's cache of them is dropped
CREATE TRIGGER plans_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER plan_items_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plan_items" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
