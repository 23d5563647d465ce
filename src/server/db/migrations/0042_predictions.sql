CREATE TABLE "order_predictions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"accept_hour" integer NOT NULL,
	"chosen_prep_minutes" integer NOT NULL,
	"predicted_prep_minutes" integer NOT NULL,
	"prep_source" text NOT NULL,
	"actual_prep_minutes" double precision,
	"predicted_travel_minutes" integer,
	"travel_source" text,
	"actual_travel_minutes" double precision
);
--> statement-breakpoint
ALTER TABLE "order_predictions" ADD CONSTRAINT "order_predictions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_predictions" ADD CONSTRAINT "order_predictions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_predictions_site_idx" ON "order_predictions" USING btree ("site_id","accepted_at");