ALTER TABLE "courses" ADD COLUMN "search_title_es" text GENERATED ALWAYS AS (left(lower(f_unaccent(coalesce(title->>'es', ''))), 300)) STORED;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_title_en" text GENERATED ALWAYS AS (left(lower(f_unaccent(coalesce(title->>'en', ''))), 300)) STORED;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_title_fr" text GENERATED ALWAYS AS (left(lower(f_unaccent(coalesce(title->>'fr', ''))), 300)) STORED;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "search_title_es" text GENERATED ALWAYS AS (left(lower(f_unaccent(coalesce(title->>'es', ''))), 300)) STORED;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "search_title_en" text GENERATED ALWAYS AS (left(lower(f_unaccent(coalesce(title->>'en', ''))), 300)) STORED;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "search_title_fr" text GENERATED ALWAYS AS (left(lower(f_unaccent(coalesce(title->>'fr', ''))), 300)) STORED;--> statement-breakpoint
CREATE INDEX "courses_search_title_es_idx" ON "courses" USING gin ("search_title_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_title_order_es_idx" ON "courses" USING btree ("search_title_es","id") WHERE (visible ->> 'es') = 'true';--> statement-breakpoint
CREATE INDEX "courses_search_title_en_idx" ON "courses" USING gin ("search_title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_title_order_en_idx" ON "courses" USING btree ("search_title_en","id") WHERE (visible ->> 'en') = 'true';--> statement-breakpoint
CREATE INDEX "courses_search_title_fr_idx" ON "courses" USING gin ("search_title_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_title_order_fr_idx" ON "courses" USING btree ("search_title_fr","id") WHERE (visible ->> 'fr') = 'true';--> statement-breakpoint
CREATE INDEX "formations_search_title_es_idx" ON "formations" USING gin ("search_title_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_title_order_es_idx" ON "formations" USING btree ("search_title_es","id") WHERE (visible ->> 'es') = 'true';--> statement-breakpoint
CREATE INDEX "formations_search_title_en_idx" ON "formations" USING gin ("search_title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_title_order_en_idx" ON "formations" USING btree ("search_title_en","id") WHERE (visible ->> 'en') = 'true';--> statement-breakpoint
CREATE INDEX "formations_search_title_fr_idx" ON "formations" USING gin ("search_title_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_title_order_fr_idx" ON "formations" USING btree ("search_title_fr","id") WHERE (visible ->> 'fr') = 'true';--> statement-breakpoint
-- statistics of the per-language visibility flags: without them the planner guesses 0.5% of rows
-- for "visible in es" (a jsonb expression) and misjudges every catalogue plan
CREATE STATISTICS IF NOT EXISTS "courses_visible_stats" ON (visible ->> 'es'), (visible ->> 'en'), (visible ->> 'fr') FROM "courses";
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "formations_visible_stats" ON (visible ->> 'es'), (visible ->> 'en'), (visible ->> 'fr') FROM "formations";
