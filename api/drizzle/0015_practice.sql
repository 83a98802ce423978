CREATE TABLE "class_positions" (
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"course_class_id" uuid GENERATED ALWAYS AS (case when item_type = 'course' then class_id end) STORED,
	"formation_class_id" uuid GENERATED ALWAYS AS (case when item_type = 'formation' then class_id end) STORED,
	"video" integer DEFAULT 0 NOT NULL,
	"seconds" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_positions_pkey" PRIMARY KEY("user_id","class_id"),
	CONSTRAINT "class_positions_item_type_check" CHECK ("class_positions"."item_type" in ('course', 'formation')),
	CONSTRAINT "class_positions_seconds_check" CHECK ("class_positions"."seconds" >= 0 and "class_positions"."video" >= 0)
);
--> statement-breakpoint
CREATE TABLE "practice_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"course_class_id" uuid GENERATED ALWAYS AS (case when item_type = 'course' then class_id end) STORED,
	"formation_class_id" uuid GENERATED ALWAYS AS (case when item_type = 'formation' then class_id end) STORED,
	"minutes" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_log_item_type_check" CHECK ("practice_log"."item_type" in ('course', 'formation')),
	CONSTRAINT "practice_log_minutes_check" CHECK ("practice_log"."minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "practice_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"speed" real DEFAULT 1 NOT NULL,
	"mirror" boolean DEFAULT false NOT NULL,
	"countdown" integer DEFAULT 0 NOT NULL,
	"camera_delay" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_preferences_values_check" CHECK ("practice_preferences"."speed" in (0.25, 0.5, 0.75, 1, 1.25, 1.5, 2) and "practice_preferences"."countdown" in (0, 3, 5, 10) and "practice_preferences"."camera_delay" in (0, 3, 5, 10, 20))
);
--> statement-breakpoint
ALTER TABLE "uploaded_assets" ADD COLUMN "frame_rate" real;--> statement-breakpoint
ALTER TABLE "class_positions" ADD CONSTRAINT "class_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_positions" ADD CONSTRAINT "class_positions_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_positions" ADD CONSTRAINT "class_positions_formation_class_id_formation_classes_id_fk" FOREIGN KEY ("formation_class_id") REFERENCES "public"."formation_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_log" ADD CONSTRAINT "practice_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_log" ADD CONSTRAINT "practice_log_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_log" ADD CONSTRAINT "practice_log_formation_class_id_formation_classes_id_fk" FOREIGN KEY ("formation_class_id") REFERENCES "public"."formation_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_preferences" ADD CONSTRAINT "practice_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_positions_course_class_id_idx" ON "class_positions" USING btree ("course_class_id");--> statement-breakpoint
CREATE INDEX "class_positions_formation_class_id_idx" ON "class_positions" USING btree ("formation_class_id");--> statement-breakpoint
CREATE INDEX "practice_log_user_day_idx" ON "practice_log" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "practice_log_user_class_idx" ON "practice_log" USING btree ("user_id","class_id");--> statement-breakpoint
CREATE INDEX "practice_log_course_class_id_idx" ON "practice_log" USING btree ("course_class_id");--> statement-breakpoint
CREATE INDEX "practice_log_formation_class_id_idx" ON "practice_log" USING btree ("formation_class_id");