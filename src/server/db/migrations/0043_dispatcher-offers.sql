CREATE TABLE "job_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"driver_id" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"decline_reason" text,
	"decline_note" text,
	"withdrawn_because" text,
	"stacked_job_id" uuid,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "job_offers_status" CHECK ("job_offers"."status" in ('offered', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "job_offers_declined_has_reason" CHECK (("job_offers"."status" = 'declined') = ("job_offers"."decline_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "dispatch_mode" text DEFAULT 'board' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "board_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_driver_id_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_stacked_job_id_delivery_jobs_id_fk" FOREIGN KEY ("stacked_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_offers_one_open_per_job" ON "job_offers" USING btree ("job_id") WHERE "job_offers"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "job_offers_one_open_per_driver" ON "job_offers" USING btree ("driver_id") WHERE "job_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "job_offers_job_idx" ON "job_offers" USING btree ("job_id","offered_at");--> statement-breakpoint
CREATE INDEX "job_offers_driver_idx" ON "job_offers" USING btree ("driver_id","offered_at");--> statement-breakpoint
CREATE INDEX "job_offers_open_expiry_idx" ON "job_offers" USING btree ("expires_at") WHERE "job_offers"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_dispatch_mode" CHECK ("dispatch_mode" in ('board', 'dispatcher'));
