-- Stripe Billing for memberships: the student's Customer (the Customer Portal), the time of the
-- newest subscription event applied (webhooks arrive in any order), and who is billed. The
-- access view keeps a renewing Stripe subscription open while Stripe collects the renewal.
DROP VIEW "public"."subscription_access";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing" jsonb;--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("user_id","provider_customer_id") WHERE "subscriptions"."provider_customer_id" is not null;--> statement-breakpoint
CREATE VIEW "public"."subscription_access" AS (select s.user_id, i.item_type, i.item_id, s.id as subscription_id, s.plan_id,
        p.name as plan_name, (s.status = 'active' and not s.cancel_at_period_end) as renews,
        case when s.status = 'past_due' then greatest(s.grace_until, s.current_period_end)
             when s.status = 'active' and s.provider = 'stripe' and not s.cancel_at_period_end
               then s.current_period_end + interval '3 days'
             else s.current_period_end end as expires_at,
        s.current_period_end as period_end
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