ALTER TABLE "delivery_jobs" ADD COLUMN "stack_job_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "drop_position" smallint;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "stack_drop_order" text;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_stack_job_id_delivery_jobs_id_fk" FOREIGN KEY ("stack_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE set null ON UPDATE no action;