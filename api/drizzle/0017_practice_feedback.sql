CREATE TABLE "practice_clip_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clip_id" uuid NOT NULL,
	"at_seconds" double precision NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"drawing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"voice_storage" text,
	"voice_public_id" text,
	"voice_content_type" text,
	"voice_seconds" double precision,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_clip_comments_values_check" CHECK ("practice_clip_comments"."at_seconds" >= 0 and char_length("practice_clip_comments"."text") <= 1000),
	CONSTRAINT "practice_clip_comments_voice_check" CHECK (("practice_clip_comments"."voice_public_id" is null) = ("practice_clip_comments"."voice_storage" is null))
);
--> statement-breakpoint
CREATE TABLE "practice_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'es' NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage" text NOT NULL,
	"public_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"frame_rate" real,
	"codec" text,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	CONSTRAINT "practice_clips_item_type_check" CHECK ("practice_clips"."item_type" in ('course', 'formation')),
	CONSTRAINT "practice_clips_status_check" CHECK ("practice_clips"."status" in ('pending', 'answered')),
	CONSTRAINT "practice_clips_source_check" CHECK ("practice_clips"."source" in ('file', 'recording')),
	CONSTRAINT "practice_clips_lang_check" CHECK ("practice_clips"."lang" in ('es', 'en', 'fr')),
	CONSTRAINT "practice_clips_storage_check" CHECK ("practice_clips"."storage" in ('local', 'cloudinary')),
	CONSTRAINT "practice_clips_values_check" CHECK ("practice_clips"."duration_seconds" > 0 and "practice_clips"."size_bytes" > 0 and char_length("practice_clips"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "practice_clip_comments" ADD CONSTRAINT "practice_clip_comments_clip_id_practice_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."practice_clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_clip_comments" ADD CONSTRAINT "practice_clip_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_clips" ADD CONSTRAINT "practice_clips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_clips" ADD CONSTRAINT "practice_clips_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_clip_comments_clip_idx" ON "practice_clip_comments" USING btree ("clip_id","at_seconds");--> statement-breakpoint
CREATE INDEX "practice_clips_user_created_idx" ON "practice_clips" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_clips_status_created_idx" ON "practice_clips" USING btree ("status","created_at");