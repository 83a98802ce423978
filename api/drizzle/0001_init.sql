CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"secondary_content" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"visible" jsonb DEFAULT '{"es":true,"en":false,"fr":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"image" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"image_public_id" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"pdf" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"pdf_public_id" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"video" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"visible" jsonb DEFAULT '{"es":true,"en":false,"fr":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_es" text GENERATED ALWAYS AS (lower(f_unaccent(coalesce(title->>'es', '') || ' ' || coalesce(description->>'es', '')))) STORED,
	"search_en" text GENERATED ALWAYS AS (lower(f_unaccent(coalesce(title->>'en', '') || ' ' || coalesce(description->>'en', '')))) STORED,
	"search_fr" text GENERATED ALWAYS AS (lower(f_unaccent(coalesce(title->>'fr', '') || ' ' || coalesce(description->>'fr', '')))) STORED,
	CONSTRAINT "courses_price_cents_check" CHECK ("courses"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "formation_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"secondary_content" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"visible" jsonb DEFAULT '{"es":true,"en":false,"fr":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "formation_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"formation_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"visible" jsonb DEFAULT '{"es":true,"en":false,"fr":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "formations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"image" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"image_public_id" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"pdf" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"pdf_public_id" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"video" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"visible" jsonb DEFAULT '{"es":true,"en":false,"fr":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_es" text GENERATED ALWAYS AS (lower(f_unaccent(coalesce(title->>'es', '') || ' ' || coalesce(description->>'es', '')))) STORED,
	"search_en" text GENERATED ALWAYS AS (lower(f_unaccent(coalesce(title->>'en', '') || ' ' || coalesce(description->>'en', '')))) STORED,
	"search_fr" text GENERATED ALWAYS AS (lower(f_unaccent(coalesce(title->>'fr', '') || ' ' || coalesce(description->>'fr', '')))) STORED,
	CONSTRAINT "formations_price_cents_check" CHECK ("formations"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "class_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"course_class_id" uuid,
	"formation_class_id" uuid,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"url" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"public_id" jsonb DEFAULT '{"es":null,"en":null,"fr":null}'::jsonb NOT NULL,
	"title" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_media_owner_kind_check" CHECK ("class_media"."owner_kind" in ('course_class', 'formation_class')),
	CONSTRAINT "class_media_kind_check" CHECK ("class_media"."kind" in ('pdf', 'video')),
	CONSTRAINT "class_media_one_owner_check" CHECK (("class_media"."owner_kind" = 'course_class' and "class_media"."course_class_id" is not null and "class_media"."formation_class_id" is null)
        or ("class_media"."owner_kind" = 'formation_class' and "class_media"."formation_class_id" is not null and "class_media"."course_class_id" is null))
);
--> statement-breakpoint
CREATE TABLE "presential_formations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"location" jsonb DEFAULT '{"es":"","en":"","fr":""}'::jsonb NOT NULL,
	"date_type" text NOT NULL,
	"single_date" date,
	"range_start" date,
	"range_end" date,
	"time" text DEFAULT '' NOT NULL,
	"registration_link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"starts_on" date GENERATED ALWAYS AS (case when date_type = 'single' then single_date else range_start end) STORED,
	"ends_on" date GENERATED ALWAYS AS (case when date_type = 'single' then single_date else range_end end) STORED,
	CONSTRAINT "presential_formations_date_type_check" CHECK ("presential_formations"."date_type" in ('single', 'range')),
	CONSTRAINT "presential_formations_dates_check" CHECK (("presential_formations"."date_type" = 'single' and "presential_formations"."single_date" is not null)
        or ("presential_formations"."date_type" = 'range' and "presential_formations"."range_start" is not null and "presential_formations"."range_end" is not null and "presential_formations"."range_end" >= "presential_formations"."range_start"))
);
--> statement-breakpoint
CREATE TABLE "discount_targets" (
	"discount_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "discount_targets_pkey" PRIMARY KEY("discount_id","item_type","item_id"),
	CONSTRAINT "discount_targets_item_type_check" CHECK ("discount_targets"."item_type" in ('course', 'formation'))
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"percentage" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"type" text DEFAULT 'course' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_percentage_check" CHECK ("discounts"."percentage" between 0 and 100),
	CONSTRAINT "discounts_amount_cents_check" CHECK ("discounts"."amount_cents" >= 0),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."end_date" >= "discounts"."start_date"),
	CONSTRAINT "discounts_type_check" CHECK ("discounts"."type" in ('course', 'formation', 'both'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('stripe', 'local')),
	CONSTRAINT "payments_amount_cents_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	CONSTRAINT "purchases_item_type_check" CHECK ("purchases"."item_type" in ('course', 'formation'))
);
--> statement-breakpoint
CREATE TABLE "class_progress" (
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_progress_pkey" PRIMARY KEY("user_id","item_type","item_id","class_id"),
	CONSTRAINT "class_progress_item_type_check" CHECK ("class_progress"."item_type" in ('course', 'formation'))
);
--> statement-breakpoint
CREATE TABLE "uploaded_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"url" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"storage" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"content_type" text,
	"size_bytes" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_assets_resource_type_check" CHECK ("uploaded_assets"."resource_type" in ('image', 'raw', 'video')),
	CONSTRAINT "uploaded_assets_storage_check" CHECK ("uploaded_assets"."storage" in ('local', 'cloudinary', 'vimeo'))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formation_classes" ADD CONSTRAINT "formation_classes_module_id_formation_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."formation_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formation_modules" ADD CONSTRAINT "formation_modules_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_media" ADD CONSTRAINT "class_media_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_media" ADD CONSTRAINT "class_media_formation_class_id_formation_classes_id_fk" FOREIGN KEY ("formation_class_id") REFERENCES "public"."formation_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_progress" ADD CONSTRAINT "class_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_assets" ADD CONSTRAINT "uploaded_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_classes_course_id_position_idx" ON "course_classes" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "courses_search_es_idx" ON "courses" USING gin ("search_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_search_en_idx" ON "courses" USING gin ("search_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_search_fr_idx" ON "courses" USING gin ("search_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_created_at_idx" ON "courses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "formation_classes_module_id_position_idx" ON "formation_classes" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "formation_modules_formation_id_position_idx" ON "formation_modules" USING btree ("formation_id","position");--> statement-breakpoint
CREATE INDEX "formations_search_es_idx" ON "formations" USING gin ("search_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_search_en_idx" ON "formations" USING gin ("search_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_search_fr_idx" ON "formations" USING gin ("search_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_created_at_idx" ON "formations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "class_media_course_class_idx" ON "class_media" USING btree ("course_class_id","kind","position");--> statement-breakpoint
CREATE INDEX "class_media_formation_class_idx" ON "class_media" USING btree ("formation_class_id","kind","position");--> statement-breakpoint
CREATE INDEX "presential_formations_starts_on_idx" ON "presential_formations" USING btree ("starts_on");--> statement-breakpoint
CREATE INDEX "presential_formations_ends_on_idx" ON "presential_formations" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "discount_targets_item_idx" ON "discount_targets" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "discounts_active_window_idx" ON "discounts" USING btree ("active","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_item_key" ON "purchases" USING btree ("user_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "purchases_item_idx" ON "purchases" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "purchases_payment_id_idx" ON "purchases" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_assets_public_id_key" ON "uploaded_assets" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "uploaded_assets_created_at_idx" ON "uploaded_assets" USING btree ("created_at");