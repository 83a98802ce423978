-- The coach's billing settings are read by every checkout and every invoice: each API instance
-- keeps them in memory on the catalogue's version, so a write bumps it as a catalogue write does
CREATE TRIGGER billing_settings_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_settings" FOR EACH STATEMENT EXECUTE FUNCTION circo_bump_catalog_version();
