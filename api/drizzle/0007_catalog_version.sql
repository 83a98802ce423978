CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
-- the one row; every statement writing a catalogue table bumps it in the same transaction, so the
-- API instances' caches learn of a change by reading one number (common/catalog-cache)
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION circo_bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER courses_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER course_classes_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_classes" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER formations_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "formations" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER formation_modules_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "formation_modules" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER formation_classes_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "formation_classes" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER discounts_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discounts" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER discount_targets_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_targets" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER presential_formations_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "presential_formations" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
