ALTER TABLE "delivery_jobs" ADD COLUMN "driver_lat" double precision;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "driver_lng" double precision;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "driver_located_at" timestamp with time zone;