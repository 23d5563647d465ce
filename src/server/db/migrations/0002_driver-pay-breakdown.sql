ALTER TABLE "delivery_jobs" ADD COLUMN "pickup_pay_minor" integer;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "distance_pay_minor" integer;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "boost_minor" integer;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "pay_adjustment_minor" integer;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "pay_model" text;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "code_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_earnings" ADD COLUMN "adjustment_minor" integer DEFAULT 0 NOT NULL;