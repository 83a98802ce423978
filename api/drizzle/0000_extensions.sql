-- Custom migration (drizzle-kit does not write CREATE EXTENSION). Search columns need:
--   unaccent: accent-insensitive matching; pg_trgm: GIN trigram indexes for substring search.
-- unaccent() is only STABLE (it reads a dictionary), so generated columns and indexes go
-- through this IMMUTABLE wrapper with the dictionary named explicitly.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $func$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $func$;
