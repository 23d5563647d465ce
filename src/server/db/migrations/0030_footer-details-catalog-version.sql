-- The customer landing pages carry the footer's platform details (company name, support phone,
-- service fee) in their first HTML, which is kept under the catalog version
-- (docs/decisions/0189-footer-details-in-first-html.md): a change to the platform settings moves
-- the version, as a change to the catalog does. Settings are saved by hand and rarely.
CREATE TRIGGER "tenant_settings_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tenant_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
