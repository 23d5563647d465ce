CREATE TABLE "driver_payout_details" (
	"driver_id" text PRIMARY KEY NOT NULL,
	"account_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"account_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "announced_reach_miles" double precision;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "status" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "sort_code" text;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "paid_by" text;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "home_lat" double precision;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "home_lng" double precision;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "job_radius_miles" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "board_lat" double precision;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "board_lng" double precision;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "board_located_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_payout_details" ADD CONSTRAINT "driver_payout_details_driver_id_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD CONSTRAINT "driver_payouts_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_payouts_requested_idx" ON "driver_payouts" USING btree ("created_at") WHERE "driver_payouts"."status" = 'requested';