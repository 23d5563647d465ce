-- A claimed outbox row stays `pending` under its lease, so a claim changes no indexed column and
-- PostgreSQL rewrites the row on its own page without touching an index (a HOT update). The lanes'
-- index holds pending rows only; the dedupe index, in text order, also finds an order's rows by the
-- prefix of their event id, which makes the event-id index redundant; the every-lane due index was
-- unused by the lanes (docs/decisions/0185-outbox-claims-in-place.md).
-- Rows claimed under the previous rule keep their lease: they count as pending rows being sent. A
-- worker of the previous version still running while this applies cannot record its answers for
-- them; they are sent again when their lease lapses (at least once, as after a crash).
UPDATE "notification_outbox" SET "status" = 'pending' WHERE "status" = 'sending';--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_dedupe_key_unique";--> statement-breakpoint
DROP INDEX "notification_outbox_due_idx";--> statement-breakpoint
DROP INDEX "notification_outbox_event_idx";--> statement-breakpoint
DROP INDEX "notification_outbox_lane_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_dedupe_key_unique" ON "notification_outbox" USING btree ("dedupe_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "notification_outbox_lane_idx" ON "notification_outbox" USING btree ("channel","next_attempt_at") WHERE "notification_outbox"."status" = 'pending';--> statement-breakpoint
-- A vacuum once 2 % of the rows are dead, not 20 %: the table keeps its sent rows and grows.
ALTER TABLE "notification_outbox" SET (autovacuum_vacuum_scale_factor = 0.02);--> statement-breakpoint
DROP FUNCTION "outbox_due"(text, timestamptz, integer);--> statement-breakpoint
-- One lane's due rows, oldest first, locked without waiting (platform/notify/outbox-worker.ts):
-- pending, due by `due_at`, not under a live lease, and due at or after `since`. A worker passes the
-- time it last found its lane empty, less a margin, as `since`, so a claim starts its index scan
-- there instead of walking past every answered row's dead entry since the last vacuum; every few
-- seconds it passes '-infinity' and looks at the whole lane. The settings keep the function to a
-- plain index scan in due order (docs/decisions/0183-order-placement-cpu.md).
CREATE FUNCTION "outbox_due"("lane" text, "due_at" timestamptz, "since" timestamptz, "lim" integer) RETURNS SETOF uuid
	LANGUAGE sql VOLATILE ROWS 10
	SET enable_bitmapscan = off
	SET enable_seqscan = off
	SET enable_sort = off
AS $$
	SELECT id FROM notification_outbox
	WHERE status = 'pending' AND channel = lane AND next_attempt_at >= since AND next_attempt_at <= due_at
		AND (leased_until IS NULL OR leased_until <= due_at)
	ORDER BY next_attempt_at
	LIMIT lim
	FOR UPDATE SKIP LOCKED
$$;
