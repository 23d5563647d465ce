ALTER TABLE "driver_earnings" ADD COLUMN "cancelled_pay_rule" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_outcome" text;