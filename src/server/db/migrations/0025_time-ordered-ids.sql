-- UUID version 7 ids (RFC 9562) for the tables every order writes: 48 bits of Unix time in
-- milliseconds, the version and variant bits, and random bits from gen_random_uuid(). Keys then
-- grow at the index's right edge instead of landing on a random page each insert
-- (docs/decisions/0183-order-placement-cpu.md; src/server/db/time-ordered-id.ts draws the same in JS).
CREATE OR REPLACE FUNCTION "uuid_v7"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
	SELECT encode(
		set_bit(set_bit(
			overlay(uuid_send(gen_random_uuid())
				placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
				from 1 for 6),
			52, 1), 53, 1),
		'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "order_etas" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "notification_outbox" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
-- One lane's due outbox rows, oldest first, locked without waiting (platform/notify/outbox-worker.ts).
-- Each claim and each answer leaves the row's older version behind, and its entry in the lanes'
-- index with it until a vacuum (never, on the embedded database). A bitmap scan, which the planner
-- picks for a queue it believes short, visits every such version's page on every claim; a plain
-- index scan in due order stops at the limit and marks the dead entries it passes so no later
-- claim visits them again. The function's settings keep it to that plan
-- (docs/decisions/0183-order-placement-cpu.md).
CREATE OR REPLACE FUNCTION "outbox_due"("lane" text, "due_at" timestamptz, "lim" integer) RETURNS SETOF uuid
	LANGUAGE sql VOLATILE ROWS 10
	SET enable_bitmapscan = off
	SET enable_seqscan = off
	SET enable_sort = off
AS $$
	SELECT id FROM notification_outbox
	WHERE status IN ('pending', 'sending') AND channel = lane AND next_attempt_at <= due_at
		AND (status = 'pending' OR leased_until <= due_at)
	ORDER BY next_attempt_at
	LIMIT lim
	FOR UPDATE SKIP LOCKED
$$;
