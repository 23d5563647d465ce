-- The customer's and the driver's order indexes hold only orders that have one: a visitor's order,
-- and every order before a driver takes it, add no entry when placed or when their status changes
-- (every status change writes a new row version and an entry in each index that holds the row).
-- Queries that look orders up by customer or driver (customer_id = x, driver_id = x or in (...))
-- imply the column is not null, so they use these indexes as before
-- (docs/decisions/0190-orders-partial-indexes.md).
DROP INDEX "orders_customer_created_idx";--> statement-breakpoint
DROP INDEX "orders_driver_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at") WHERE "orders"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_driver_idx" ON "orders" USING btree ("driver_id") WHERE "orders"."driver_id" is not null;