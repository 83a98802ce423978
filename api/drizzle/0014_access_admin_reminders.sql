-- Admin grants carry a reason and a note, and an admin can end one (a 'revocation' row
-- that points at it, like a refund); the reminders that went out (once per access period and
-- threshold); a student's opt-out of reminders.
CREATE TABLE "access_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_reminders_item_type_check" CHECK ("access_reminders"."item_type" in ('course', 'formation')),
	CONSTRAINT "access_reminders_days_check" CHECK ("access_reminders"."days_before" in (0, 1, 7, 30))
);
--> statement-breakpoint
DROP VIEW "public"."current_access";--> statement-breakpoint
ALTER TABLE "access_grants" DROP CONSTRAINT "access_grants_kind_check";--> statement-breakpoint
ALTER TABLE "access_grants" DROP CONSTRAINT "access_grants_refund_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_grants" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "access_grants" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "access_reminders" ADD CONSTRAINT "access_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_reminders_once_key" ON "access_reminders" USING btree ("user_id","item_type","item_id","expires_at","days_before");--> statement-breakpoint
CREATE INDEX "access_reminders_user_idx" ON "access_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_sold_at_idx" ON "payments" USING btree (coalesce("fulfilled_at", "created_at")) WHERE "payments"."status" in ('succeeded', 'refunded');--> statement-breakpoint
CREATE INDEX "payments_refunded_at_idx" ON "payments" USING btree ("refunded_at") WHERE "payments"."refunded_at" is not null;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_reason_check" CHECK ("access_grants"."reason" is null or "access_grants"."reason" in ('scholarship', 'technical', 'gift', 'other'));--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_kind_check" CHECK ("access_grants"."kind" in ('purchase', 'renewal', 'admin_grant', 'refund', 'revocation'));--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_refund_check" CHECK (("access_grants"."kind" in ('refund', 'revocation')) = ("access_grants"."refunds_grant_id" is not null));--> statement-breakpoint
CREATE VIEW "public"."current_access" AS (select g.user_id, g.item_type, g.item_id, min(g.starts_at) as first_granted_at, max(g.expires_at) as expires_at
      from "access_grants" g
      where g.kind not in ('refund', 'revocation')
        and not exists (select 1 from "access_grants" r where r.refunds_grant_id = g.id)
      group by g.user_id, g.item_type, g.item_id);