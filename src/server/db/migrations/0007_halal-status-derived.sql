-- The halal status is derived, never stored (decision 0100): from the certificates and from
-- whether a suspension stands, which is the one fact kept on the site. A stored status could say
-- "verified" with no certificate behind it; a derived one cannot.
ALTER TABLE "sites" ADD COLUMN "halal_suspended_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "sites" SET "halal_suspended_at" = coalesce(
	(SELECT max(h."at") FROM "halal_status_history" h WHERE h."site_id" = "sites"."id" AND h."to_status" = 'suspended'),
	now()
) WHERE "halal_status" = 'suspended';
--> statement-breakpoint
ALTER TABLE "sites" DROP COLUMN "halal_status";
--> statement-breakpoint
ALTER TABLE "sites" DROP COLUMN "last_verified_at";
