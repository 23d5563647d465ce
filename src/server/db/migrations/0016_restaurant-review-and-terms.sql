ALTER TABLE "brands" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "review_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "review_message" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "brand_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sites_review_status_idx" ON "sites" USING btree ("review_status","submitted_at");