-- Data: marks on classes or items that no longer exist pointed at nothing and are removed, so the
-- new references can be checked.
DELETE FROM "class_progress" cp
WHERE (cp."item_type" = 'course' AND (NOT EXISTS (SELECT 1 FROM "courses" c WHERE c."id" = cp."item_id")
                                   OR NOT EXISTS (SELECT 1 FROM "course_classes" k WHERE k."id" = cp."class_id")))
   OR (cp."item_type" = 'formation' AND (NOT EXISTS (SELECT 1 FROM "formations" f WHERE f."id" = cp."item_id")
                                      OR NOT EXISTS (SELECT 1 FROM "formation_classes" k WHERE k."id" = cp."class_id")));
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"list_price_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_id" uuid,
	"discount_name" text,
	"discount_percentage" integer,
	"discount_amount_cents" integer,
	CONSTRAINT "payment_items_item_type_check" CHECK ("payment_items"."item_type" in ('course', 'formation')),
	CONSTRAINT "payment_items_price_check" CHECK ("payment_items"."price_cents" >= 0 and "payment_items"."price_cents" <= "payment_items"."list_price_cents")
);
--> statement-breakpoint
CREATE TABLE "access_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"course_id" uuid GENERATED ALWAYS AS (case when item_type = 'course' then item_id end) STORED,
	"formation_id" uuid GENERATED ALWAYS AS (case when item_type = 'formation' then item_id end) STORED,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"refunds_grant_id" uuid,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_grants_item_type_check" CHECK ("access_grants"."item_type" in ('course', 'formation')),
	CONSTRAINT "access_grants_kind_check" CHECK ("access_grants"."kind" in ('purchase', 'renewal', 'admin_grant', 'refund')),
	CONSTRAINT "access_grants_period_check" CHECK ("access_grants"."expires_at" >= "access_grants"."starts_at"),
	CONSTRAINT "access_grants_refund_check" CHECK (("access_grants"."kind" = 'refund') = ("access_grants"."refunds_grant_id" is not null)),
	CONSTRAINT "access_grants_payment_check" CHECK ("access_grants"."kind" not in ('purchase', 'renewal') or "access_grants"."payment_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_progress" ADD COLUMN "course_id" uuid GENERATED ALWAYS AS (case when item_type = 'course' then item_id end) STORED;--> statement-breakpoint
ALTER TABLE "class_progress" ADD COLUMN "formation_id" uuid GENERATED ALWAYS AS (case when item_type = 'formation' then item_id end) STORED;--> statement-breakpoint
ALTER TABLE "class_progress" ADD COLUMN "course_class_id" uuid GENERATED ALWAYS AS (case when item_type = 'course' then class_id end) STORED;--> statement-breakpoint
ALTER TABLE "class_progress" ADD COLUMN "formation_class_id" uuid GENERATED ALWAYS AS (case when item_type = 'formation' then class_id end) STORED;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_refunds_grant_id_access_grants_id_fk" FOREIGN KEY ("refunds_grant_id") REFERENCES "public"."access_grants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_items_payment_item_key" ON "payment_items" USING btree ("payment_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "payment_items_item_idx" ON "payment_items" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "access_grants_user_item_idx" ON "access_grants" USING btree ("user_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "access_grants_course_id_idx" ON "access_grants" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "access_grants_formation_id_idx" ON "access_grants" USING btree ("formation_id");--> statement-breakpoint
CREATE INDEX "access_grants_payment_id_idx" ON "access_grants" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_refunds_grant_id_key" ON "access_grants" USING btree ("refunds_grant_id");--> statement-breakpoint
ALTER TABLE "class_progress" ADD CONSTRAINT "class_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_progress" ADD CONSTRAINT "class_progress_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_progress" ADD CONSTRAINT "class_progress_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_progress" ADD CONSTRAINT "class_progress_formation_class_id_formation_classes_id_fk" FOREIGN KEY ("formation_class_id") REFERENCES "public"."formation_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_progress_course_class_id_idx" ON "class_progress" USING btree ("course_class_id");--> statement-breakpoint
CREATE INDEX "class_progress_formation_class_id_idx" ON "class_progress" USING btree ("formation_class_id");--> statement-breakpoint
CREATE VIEW "public"."current_access" AS (select g.user_id, g.item_type, g.item_id, min(g.starts_at) as first_granted_at, max(g.expires_at) as expires_at
      from "access_grants" g
      where g.kind <> 'refund'
        and not exists (select 1 from "access_grants" r where r.refunds_grant_id = g.id)
      group by g.user_id, g.item_type, g.item_id);--> statement-breakpoint
-- Data: each payment's JSONB items become payment_items rows (the list price is the paid price
-- when the old row did not record one).
INSERT INTO "payment_items" ("payment_id", "item_type", "item_id", "list_price_cents", "price_cents", "discount_name", "discount_percentage", "discount_amount_cents")
SELECT p."id", i->>'type', (i->>'id')::uuid,
       greatest(coalesce((i->>'listPriceCents')::integer, (i->>'priceCents')::integer), (i->>'priceCents')::integer),
       (i->>'priceCents')::integer,
       coalesce(i->'discount'->>'name', i->>'discountName'),
       (coalesce(i->'discount'->>'percentage', i->>'discountPercentage'))::integer,
       (coalesce(i->'discount'->>'amountCents', i->>'discountAmountCents'))::integer
FROM "payments" p, jsonb_array_elements(p."items") i
WHERE jsonb_typeof(p."items") = 'array'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Data: each purchase becomes the first row of the history: a purchase when it has its payment,
-- else an admin grant (demo and hand-made rows).
INSERT INTO "access_grants" ("user_id", "item_type", "item_id", "kind", "starts_at", "expires_at", "payment_id", "created_at")
SELECT "user_id", "item_type", "item_id",
       CASE WHEN "payment_id" IS NULL THEN 'admin_grant' ELSE 'purchase' END,
       least("purchased_at", "expires_at"), "expires_at", "payment_id", "purchased_at"
FROM "purchases";
