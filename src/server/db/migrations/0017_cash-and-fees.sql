CREATE TABLE "driver_cash_handins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"note" text,
	"recorded_by" text,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_cash_handins_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "driver_cash_handins_positive" CHECK ("driver_cash_handins"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_percent" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_difference_reason" text;--> statement-breakpoint
UPDATE "orders" SET "commission_percent" = "s"."v" FROM (SELECT ("setting_value")::int AS "v" FROM "tenant_settings" WHERE "setting_key" = 'commission_percent' AND "setting_value" ~ '^[0-9]{1,3}$' AND ("setting_value")::int <= 100 LIMIT 1) AS "s";--> statement-breakpoint
UPDATE "orders" SET "cash_collected_minor" = "orders"."total_minor" FROM "delivery_jobs" WHERE "delivery_jobs"."order_id" = "orders"."id" AND "delivery_jobs"."status" = 'completed' AND "orders"."status" = 'DELIVERED';--> statement-breakpoint
ALTER TABLE "driver_cash_handins" ADD CONSTRAINT "driver_cash_handins_driver_id_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_cash_handins" ADD CONSTRAINT "driver_cash_handins_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_cash_handins_driver_idx" ON "driver_cash_handins" USING btree ("driver_id","created_at");