CREATE TABLE "driver_job_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"driver_id" text NOT NULL,
	"returned_by" text NOT NULL,
	"actor_id" text,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "driver_search_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "no_driver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_job_returns" ADD CONSTRAINT "driver_job_returns_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_job_returns" ADD CONSTRAINT "driver_job_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_job_returns" ADD CONSTRAINT "driver_job_returns_driver_id_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_job_returns_driver_idx" ON "driver_job_returns" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_job_returns_order_idx" ON "driver_job_returns" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_driver_search_range" CHECK ("sites"."driver_search_minutes" between 1 and 60);