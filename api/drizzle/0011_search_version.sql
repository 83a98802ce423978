ALTER TABLE "catalog_version" ADD COLUMN "search_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the search index (common/search) is rebuilt only when what it holds can change: a write to the
-- courses or formations (their text and visibility, kept in course_search and formation_search by
-- the triggers of 0010, and the rows a search shows), not to classes, modules, vouchers or
-- in-person trainings, which still bump `version` (the public answers' cache)
CREATE OR REPLACE FUNCTION circo_bump_catalog_and_search_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version
    SET version = version + 1, search_version = search_version + 1, changed_at = now()
    WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER courses_catalog_version ON "courses";
--> statement-breakpoint
CREATE TRIGGER courses_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_and_search_version();
--> statement-breakpoint
DROP TRIGGER formations_catalog_version ON "formations";
--> statement-breakpoint
CREATE TRIGGER formations_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "formations" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_and_search_version();
