ALTER TABLE "driver_cash_handins" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_payouts" ADD COLUMN "cash_netted_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_cash_handins" ADD CONSTRAINT "driver_cash_handins_payout_id_driver_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."driver_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Tips given through "Rate & Tip" were promised after delivery and never collected: payment is cash.
-- A tip not yet sent to the driver's bank leaves the earnings: an unpaid one, and one inside a
-- payout request finance has not paid yet (the request shrinks by it). A tip-only earning closes at
-- £0.00, as a £0.00 cancelled job's does; the rating keeps the amount the customer offered; each
-- voided tip is audited (docs/decisions/0201-tips-in-cash-at-the-door.md).
CREATE TEMPORARY TABLE "voided_tips" AS
SELECT "e"."id", "e"."driver_id", "e"."delivery_job_id", "e"."tip_minor", "e"."payout_id"
FROM "driver_earnings" "e" LEFT JOIN "driver_payouts" "p" ON "p"."id" = "e"."payout_id"
WHERE "e"."tip_minor" > 0 AND (NOT "e"."paid_out" OR "p"."status" = 'requested');--> statement-breakpoint
INSERT INTO "audit_log" ("action_type", "entity_type", "entity_id", "performed_by_name", "details")
SELECT 'driver_tip_voided', 'driver', "driver_id", 'tips-in-cash migration', jsonb_build_object('earningId', "id", 'deliveryJobId', "delivery_job_id", 'tipMinor', "tip_minor", 'payoutId', "payout_id")
FROM "voided_tips";--> statement-breakpoint
UPDATE "driver_payouts" SET "gross_minor" = "driver_payouts"."gross_minor" - "v"."tips", "net_minor" = greatest(0, "driver_payouts"."net_minor" - "v"."tips")
FROM (SELECT "payout_id", sum("tip_minor")::int AS "tips" FROM "voided_tips" WHERE "payout_id" IS NOT NULL GROUP BY "payout_id") "v"
WHERE "driver_payouts"."id" = "v"."payout_id";--> statement-breakpoint
UPDATE "driver_earnings" SET "total_minor" = "total_minor" - "tip_minor", "tip_minor" = 0, "paid_out" = ("paid_out" OR "total_minor" - "tip_minor" = 0)
WHERE "id" IN (SELECT "id" FROM "voided_tips");--> statement-breakpoint
UPDATE "orders" SET "tip_minor" = 0 WHERE "tip_minor" <> 0;--> statement-breakpoint
DROP TABLE "voided_tips";
