ALTER TABLE "sites" ADD COLUMN "response_timeout_minutes" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_response_timeout_range" CHECK ("sites"."response_timeout_minutes" between 2 and 30);