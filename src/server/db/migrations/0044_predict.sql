ALTER TABLE "user_profiles" ADD COLUMN "online_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_predictions" ADD COLUMN "travel_km" double precision;--> statement-breakpoint
ALTER TABLE "order_predictions" ADD COLUMN "city_slug" text;--> statement-breakpoint
ALTER TABLE "order_predictions" ADD COLUMN "predicted_to_pickup_minutes" double precision;--> statement-breakpoint
ALTER TABLE "order_predictions" ADD COLUMN "to_pickup_source" text;--> statement-breakpoint
ALTER TABLE "order_predictions" ADD COLUMN "actual_to_pickup_minutes" double precision;--> statement-breakpoint
CREATE INDEX "order_predictions_city_idx" ON "order_predictions" USING btree ("city_slug","accepted_at");--> statement-breakpoint
UPDATE "user_profiles" SET "online_since" = now() WHERE "is_online" AND "online_since" IS NULL;--> statement-breakpoint
UPDATE "order_predictions" p SET "city_slug" = s."city_slug" FROM "sites" s WHERE s."id" = p."site_id" AND p."city_slug" IS NULL;
