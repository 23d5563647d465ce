ALTER TABLE "orders" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "enters_flow_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entered_flow_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_scheduled_due_idx" ON "orders" USING btree ("enters_flow_at") WHERE "orders"."scheduled_for" is not null and "orders"."entered_flow_at" is null;