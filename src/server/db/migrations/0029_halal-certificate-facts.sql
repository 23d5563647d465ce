ALTER TABLE "sites" ADD COLUMN "halal_approved_until" date;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "halal_certified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "halal_last_verified_at" timestamp with time zone;--> statement-breakpoint
-- The certificates' summary on the site row (docs/decisions/0188-halal-certificate-facts.md): a
-- card reads its halal status from these three columns instead of three subqueries per card. The
-- status itself stays derived on read, since it turns with the London date.
CREATE OR REPLACE FUNCTION halal_refresh_site_facts(site uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE sites s SET halal_approved_until = f.approved_until, halal_certified = f.certified,
      halal_last_verified_at = f.last_verified_at
    FROM (SELECT
        (SELECT max(hc.expires_on) FROM halal_certificates hc WHERE hc.site_id = site AND hc.status = 'approved') AS approved_until,
        EXISTS (SELECT 1 FROM halal_certificates hc WHERE hc.site_id = site AND hc.status IN ('pending', 'approved', 'expired')) AS certified,
        (SELECT max(hc.reviewed_at) FROM halal_certificates hc WHERE hc.site_id = site AND hc.status IN ('approved', 'expired')) AS last_verified_at) f
    WHERE s.id = site
      AND (s.halal_approved_until IS DISTINCT FROM f.approved_until OR s.halal_certified IS DISTINCT FROM f.certified
        OR s.halal_last_verified_at IS DISTINCT FROM f.last_verified_at);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION halal_certificates_site_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM halal_refresh_site_facts(OLD.site_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.site_id IS DISTINCT FROM OLD.site_id) THEN
    PERFORM halal_refresh_site_facts(NEW.site_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER halal_certificates_site_facts AFTER INSERT OR UPDATE OR DELETE ON halal_certificates
  FOR EACH ROW EXECUTE FUNCTION halal_certificates_site_facts();
--> statement-breakpoint
-- Rows written before the trigger: the same refresh, once per location that has a certificate.
SELECT halal_refresh_site_facts(hc.site_id) FROM (SELECT DISTINCT site_id FROM halal_certificates) hc;
--> statement-breakpoint
-- A city's page ranks every listed branch of the city by open state and rating before it builds the
-- page's cards: this index holds what that ranking reads, so PostgreSQL answers it from the index
-- alone (an index-only scan once vacuum has marked the pages) instead of visiting each wide site row
-- (docs/decisions/0188-halal-certificate-facts.md). Not in the Drizzle schema, which cannot write INCLUDE.
CREATE INDEX IF NOT EXISTS "sites_city_rank_idx" ON "sites" ("city_slug", "status")
  INCLUDE ("review_status", "brand_suspended_at", "id", "review_count", "rating_avg", "is_open", "paused_until", "opening_hours");
