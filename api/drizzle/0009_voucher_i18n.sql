ALTER TABLE "discounts" ADD COLUMN "name_i18n" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "description_i18n" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL;--> statement-breakpoint
-- Data: the existing vouchers keep their (Spanish) texts as the Spanish value.
UPDATE "discounts" SET "name_i18n" = jsonb_build_object('es', "name", 'en', '', 'fr', ''), "description_i18n" = jsonb_build_object('es', "description", 'en', '', 'fr', '');
