CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
-- Backfill who moved each order so far, from what the history already says (docs/decisions/0137-order-timeline.md).
-- Rows this cannot tell keep null and read as "unknown" on the console.
UPDATE "order_status_history" SET "actor_kind" = 'customer' WHERE "status" = 'PENDING' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history"
SET "action" = 'cancel', "actor_kind" = substring("note" from '^cancelled by (customer|partner|ops|system)')
WHERE "status" = 'CANCELLED' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history"
SET "action" = 'unassign_driver', "actor_kind" = substring("note" from '^driver taken off by (driver|ops)')
WHERE "note" LIKE 'driver taken off by %' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'switch_to_pickup', "actor_kind" = 'customer'
WHERE "note" LIKE 'switched to pickup by the customer%' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'time_out', "actor_kind" = 'system'
WHERE "status" = 'REJECTED' AND "actor_id" IS NULL AND "note" = 'The restaurant did not respond' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'reject', "actor_kind" = 'partner'
WHERE "status" = 'REJECTED' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'assign_driver', "actor_kind" = 'driver'
WHERE ("status" = 'DRIVER_ASSIGNED' OR "note" = 'driver assigned') AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'accept', "actor_kind" = 'partner' WHERE "status" = 'ACCEPTED' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'start_preparing', "actor_kind" = 'partner' WHERE "status" = 'PREPARING' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'mark_ready', "actor_kind" = 'partner' WHERE "status" = 'READY' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'hand_to_driver', "actor_kind" = 'partner' WHERE "status" = 'OUT_FOR_DELIVERY' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'complete_delivery', "actor_kind" = 'driver' WHERE "status" = 'DELIVERED' AND "actor_kind" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "action" = 'mark_collected', "actor_kind" = 'partner' WHERE "status" = 'COLLECTED' AND "actor_kind" IS NULL;
