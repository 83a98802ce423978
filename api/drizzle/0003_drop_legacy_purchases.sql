DROP TABLE "purchases" CASCADE;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "items";