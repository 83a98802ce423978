CREATE TABLE "accounts_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_version_single_row" CHECK ("accounts_version"."id" = 1)
);
--> statement-breakpoint
-- the one row; every statement changing or removing accounts bumps it in the same transaction, so
-- the API instances' copies of the signed-in accounts learn of a change by reading one number
-- (modules/users/account-cache.ts). A new account (insert) is in no copy: it bumps nothing
INSERT INTO "accounts_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION circo_bump_accounts_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts_version SET version = version + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_accounts_version AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_accounts_version();
