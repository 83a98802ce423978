CREATE TABLE "course_search" (
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"visible" boolean NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "course_search_pkey" PRIMARY KEY("item_id","lang"),
	CONSTRAINT "course_search_lang_check" CHECK (lang in ('es', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "formation_search" (
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"visible" boolean NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "formation_search_pkey" PRIMARY KEY("item_id","lang"),
	CONSTRAINT "formation_search_lang_check" CHECK (lang in ('es', 'en', 'fr'))
);
--> statement-breakpoint
DROP INDEX "courses_search_es_idx";--> statement-breakpoint
DROP INDEX "courses_search_en_idx";--> statement-breakpoint
DROP INDEX "courses_search_fr_idx";--> statement-breakpoint
DROP INDEX "courses_search_title_es_idx";--> statement-breakpoint
DROP INDEX "courses_title_order_es_idx";--> statement-breakpoint
DROP INDEX "courses_search_title_en_idx";--> statement-breakpoint
DROP INDEX "courses_title_order_en_idx";--> statement-breakpoint
DROP INDEX "courses_search_title_fr_idx";--> statement-breakpoint
DROP INDEX "courses_title_order_fr_idx";--> statement-breakpoint
DROP INDEX "formations_search_es_idx";--> statement-breakpoint
DROP INDEX "formations_search_en_idx";--> statement-breakpoint
DROP INDEX "formations_search_fr_idx";--> statement-breakpoint
DROP INDEX "formations_search_title_es_idx";--> statement-breakpoint
DROP INDEX "formations_title_order_es_idx";--> statement-breakpoint
DROP INDEX "formations_search_title_en_idx";--> statement-breakpoint
DROP INDEX "formations_title_order_en_idx";--> statement-breakpoint
DROP INDEX "formations_search_title_fr_idx";--> statement-breakpoint
DROP INDEX "formations_title_order_fr_idx";--> statement-breakpoint
ALTER TABLE "course_search" ADD CONSTRAINT "course_search_item_id_courses_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formation_search" ADD CONSTRAINT "formation_search_item_id_formations_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_search_title_es_idx" ON "course_search" USING gin ("title" gin_trgm_ops) WHERE lang = 'es' and visible;--> statement-breakpoint
CREATE INDEX "course_search_body_es_idx" ON "course_search" USING gin ("body" gin_trgm_ops) WHERE lang = 'es' and visible;--> statement-breakpoint
CREATE INDEX "course_search_order_es_idx" ON "course_search" USING btree ("title","item_id") WHERE lang = 'es' and visible;--> statement-breakpoint
CREATE INDEX "course_search_title_en_idx" ON "course_search" USING gin ("title" gin_trgm_ops) WHERE lang = 'en' and visible;--> statement-breakpoint
CREATE INDEX "course_search_body_en_idx" ON "course_search" USING gin ("body" gin_trgm_ops) WHERE lang = 'en' and visible;--> statement-breakpoint
CREATE INDEX "course_search_order_en_idx" ON "course_search" USING btree ("title","item_id") WHERE lang = 'en' and visible;--> statement-breakpoint
CREATE INDEX "course_search_title_fr_idx" ON "course_search" USING gin ("title" gin_trgm_ops) WHERE lang = 'fr' and visible;--> statement-breakpoint
CREATE INDEX "course_search_body_fr_idx" ON "course_search" USING gin ("body" gin_trgm_ops) WHERE lang = 'fr' and visible;--> statement-breakpoint
CREATE INDEX "course_search_order_fr_idx" ON "course_search" USING btree ("title","item_id") WHERE lang = 'fr' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_title_es_idx" ON "formation_search" USING gin ("title" gin_trgm_ops) WHERE lang = 'es' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_body_es_idx" ON "formation_search" USING gin ("body" gin_trgm_ops) WHERE lang = 'es' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_order_es_idx" ON "formation_search" USING btree ("title","item_id") WHERE lang = 'es' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_title_en_idx" ON "formation_search" USING gin ("title" gin_trgm_ops) WHERE lang = 'en' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_body_en_idx" ON "formation_search" USING gin ("body" gin_trgm_ops) WHERE lang = 'en' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_order_en_idx" ON "formation_search" USING btree ("title","item_id") WHERE lang = 'en' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_title_fr_idx" ON "formation_search" USING gin ("title" gin_trgm_ops) WHERE lang = 'fr' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_body_fr_idx" ON "formation_search" USING gin ("body" gin_trgm_ops) WHERE lang = 'fr' and visible;--> statement-breakpoint
CREATE INDEX "formation_search_order_fr_idx" ON "formation_search" USING btree ("title","item_id") WHERE lang = 'fr' and visible;--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_es";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_en";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_fr";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_title_es";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_title_en";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_title_fr";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "search_es";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "search_en";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "search_fr";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "search_title_es";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "search_title_en";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "search_title_fr";--> statement-breakpoint
-- The search tables are written by PostgreSQL, whatever writes the catalogue (API services, the
-- seed, a script): a row per item and language, changed only when its text or flag changes.
CREATE OR REPLACE FUNCTION circo_course_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_search AS s (item_id, lang, visible, title, body)
  SELECT n.id, l, coalesce(n.visible ->> l, '') = 'true',
         left(lower(f_unaccent(coalesce(n.title ->> l, ''))), 300),
         lower(f_unaccent(coalesce(n.description ->> l, '')))
  FROM new_rows n CROSS JOIN unnest(array['es', 'en', 'fr']) AS l
  ON CONFLICT (item_id, lang) DO UPDATE
    SET visible = excluded.visible, title = excluded.title, body = excluded.body
    WHERE (s.visible, s.title, s.body) IS DISTINCT FROM (excluded.visible, excluded.title, excluded.body);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION circo_formation_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO formation_search AS s (item_id, lang, visible, title, body)
  SELECT n.id, l, coalesce(n.visible ->> l, '') = 'true',
         left(lower(f_unaccent(coalesce(n.title ->> l, ''))), 300),
         lower(f_unaccent(coalesce(n.description ->> l, '')))
  FROM new_rows n CROSS JOIN unnest(array['es', 'en', 'fr']) AS l
  ON CONFLICT (item_id, lang) DO UPDATE
    SET visible = excluded.visible, title = excluded.title, body = excluded.body
    WHERE (s.visible, s.title, s.body) IS DISTINCT FROM (excluded.visible, excluded.title, excluded.body);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- statement triggers with transition tables: a bulk insert or update is one INSERT .. SELECT
-- (a delete needs nothing: the rows go with the item, ON DELETE CASCADE)
CREATE TRIGGER courses_search_insert AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION circo_course_search_sync();
--> statement-breakpoint
CREATE TRIGGER courses_search_update AFTER UPDATE ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION circo_course_search_sync();
--> statement-breakpoint
CREATE TRIGGER formations_search_insert AFTER INSERT ON "formations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION circo_formation_search_sync();
--> statement-breakpoint
CREATE TRIGGER formations_search_update AFTER UPDATE ON "formations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION circo_formation_search_sync();
--> statement-breakpoint
-- the items already there
INSERT INTO "course_search" (item_id, lang, visible, title, body)
SELECT c.id, l, coalesce(c.visible ->> l, '') = 'true',
       left(lower(f_unaccent(coalesce(c.title ->> l, ''))), 300),
       lower(f_unaccent(coalesce(c.description ->> l, '')))
FROM "courses" c CROSS JOIN unnest(array['es', 'en', 'fr']) AS l;
--> statement-breakpoint
INSERT INTO "formation_search" (item_id, lang, visible, title, body)
SELECT c.id, l, coalesce(c.visible ->> l, '') = 'true',
       left(lower(f_unaccent(coalesce(c.title ->> l, ''))), 300),
       lower(f_unaccent(coalesce(c.description ->> l, '')))
FROM "formations" c CROSS JOIN unnest(array['es', 'en', 'fr']) AS l;
--> statement-breakpoint
ANALYZE "course_search";
--> statement-breakpoint
ANALYZE "formation_search";
