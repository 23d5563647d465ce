-- The catalog version also announces itself at commit: on the embedded database (one process, one
-- connection) the response cache hears every change and needs no version read per request
-- (docs/decisions/0091-response-cache.md, addendum of 2026-11-26).
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('halalnosh_catalog', '');
	RETURN NULL;
END
$$;
