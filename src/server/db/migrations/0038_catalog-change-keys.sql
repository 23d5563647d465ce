-- Narrow invalidation of the response cache (docs/decisions/0246-narrow-cache-invalidation.md).
-- HAND-WRITTEN (no schema change; the integrator may renumber this file as it stands): each write
-- to a table the public search and restaurant page read still moves catalog_version in the writing
-- transaction, and now also records WHICH answers it can change, as keys, in catalog_changes (one
-- row per version) and in its NOTIFY payload ("<version> <key> <key> …"):
--   b:<site id>   the branch's restaurant page (and any answer listing it)
--   s:<city slug> the searches of that city (a branch's card changed, or it entered or left)
--   g:<cell>      the postcode searches whose reach covers that grid cell (0.2° lat × 1/3° lng): only
--                 a branch added, removed, moved, re-listed or given another radius (a 'place' change);
--                 a postcode search also carries b:<id> of every branch that reaches it
--   d:<city slug>, dg:<cell>  the same, for searches that read menus (name, dietary choices)
--   cities        every answer that resolved a typed place (a city was added, renamed or removed)
--   all           everything (platform settings, TRUNCATE, more than 100 keys at once)
-- A statement that changed no row records nothing. Each server keeps its entries tagged with these
-- keys; a server reads the versions it missed from catalog_changes, and a gap (pruned rows) clears all.
CREATE TABLE "catalog_changes" (
	"version" bigint PRIMARY KEY,
	"keys" text[] NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "record_catalog_change"(change_keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v bigint;
	k text[];
BEGIN
	SELECT array_agg(DISTINCT x ORDER BY x) INTO k FROM unnest(change_keys) x WHERE x IS NOT NULL;
	IF k IS NULL THEN
		RETURN;
	END IF;
	IF cardinality(k) > 100 OR 'all' = ANY (k) THEN
		k := ARRAY['all'];
	END IF;
	UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
	INSERT INTO "catalog_changes" ("version", "keys") VALUES (v, k);
	IF v % 1000 = 0 THEN
		DELETE FROM "catalog_changes" WHERE "version" <= v - 10000;
	END IF;
	PERFORM pg_notify('halalnosh_catalog', v::text || ' ' || array_to_string(k, ' '));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM record_catalog_change(ARRAY['all']);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_branch_keys"(kind text, site_id uuid, city_slug text, lat float8, lng float8) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE kind
		WHEN 'page' THEN ARRAY['b:' || site_id]
		WHEN 'card' THEN array_remove(ARRAY['b:' || site_id, 's:' || city_slug], NULL)
		WHEN 'menu' THEN array_remove(ARRAY['b:' || site_id, 'd:' || city_slug,
			'dg:' || floor(lat * 5)::bigint || ',' || floor(lng * 3)::bigint], NULL)
		ELSE array_remove(ARRAY['b:' || site_id, 's:' || city_slug,
			'g:' || floor(lat * 5)::bigint || ',' || floor(lng * 3)::bigint], NULL)
	END
$$;
--> statement-breakpoint
CREATE FUNCTION "sites_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A branch added or removed, or one whose place in postcode searches may change (position, radius,
	-- listing, city), is a 'place' change (its cells too); any other column only changes its card.
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from new_rows r cross join lateral unnest(catalog_branch_keys('place', r.id, r.city_slug, r.lat, r.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from old_rows r cross join lateral unnest(catalog_branch_keys('place', r.id, r.city_slug, r.lat, r.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(
			select k from (
				select coalesce(o.id, n.id) as id, o.city_slug as old_city, o.lat as old_lat, o.lng as old_lng, n.city_slug, n.lat, n.lng,
					case when (o.lat, o.lng, o.delivery_radius_km, o.status, o.review_status, o.brand_suspended_at, o.city_slug)
						is distinct from (n.lat, n.lng, n.delivery_radius_km, n.status, n.review_status, n.brand_suspended_at, n.city_slug)
						then 'place' else 'card' end as kind
				from old_rows o full join new_rows n on n.id = o.id) c
			cross join lateral unnest(catalog_branch_keys(c.kind, c.id, c.old_city, c.old_lat, c.old_lng)
				|| catalog_branch_keys(c.kind, c.id, c.city_slug, c.lat, c.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "sites_catalog_version" ON "sites";
--> statement-breakpoint
CREATE TRIGGER "sites_catalog_insert" AFTER INSERT ON "sites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sites_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "sites_catalog_update" AFTER UPDATE ON "sites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sites_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "sites_catalog_delete" AFTER DELETE ON "sites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sites_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "sites_catalog_truncate" AFTER TRUNCATE ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "brands_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "brands_catalog_version" ON "brands";
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_insert" AFTER INSERT ON "brands" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "brands_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_update" AFTER UPDATE ON "brands" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "brands_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_delete" AFTER DELETE ON "brands" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "brands_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_truncate" AFTER TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "menus_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.brand_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.brand_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.brand_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.brand_id in (select r.brand_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "menus_catalog_version" ON "menus";
--> statement-breakpoint
CREATE TRIGGER "menus_catalog_insert" AFTER INSERT ON "menus" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "menus_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menus_catalog_update" AFTER UPDATE ON "menus" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "menus_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menus_catalog_delete" AFTER DELETE ON "menus" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "menus_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menus_catalog_truncate" AFTER TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "menu_sections_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "menu_sections_catalog_version" ON "menu_sections";
--> statement-breakpoint
CREATE TRIGGER "menu_sections_catalog_insert" AFTER INSERT ON "menu_sections" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "menu_sections_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menu_sections_catalog_update" AFTER UPDATE ON "menu_sections" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "menu_sections_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menu_sections_catalog_delete" AFTER DELETE ON "menu_sections" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "menu_sections_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menu_sections_catalog_truncate" AFTER TRUNCATE ON "menu_sections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "menu_items_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "menu_items_catalog_version" ON "menu_items";
--> statement-breakpoint
CREATE TRIGGER "menu_items_catalog_insert" AFTER INSERT ON "menu_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "menu_items_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_catalog_update" AFTER UPDATE ON "menu_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "menu_items_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_catalog_delete" AFTER DELETE ON "menu_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "menu_items_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_catalog_truncate" AFTER TRUNCATE ON "menu_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "site_item_overrides_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "site_item_overrides_catalog_version" ON "site_item_overrides";
--> statement-breakpoint
CREATE TRIGGER "site_item_overrides_catalog_insert" AFTER INSERT ON "site_item_overrides" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_item_overrides_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_item_overrides_catalog_update" AFTER UPDATE ON "site_item_overrides" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_item_overrides_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_item_overrides_catalog_delete" AFTER DELETE ON "site_item_overrides" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_item_overrides_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_item_overrides_catalog_truncate" AFTER TRUNCATE ON "site_item_overrides" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "reviews_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('page', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('page', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('page', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('page', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "reviews_catalog_version" ON "reviews";
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviews_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviews_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviews_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "halal_certificates_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "halal_certificates_catalog_version" ON "halal_certificates";
--> statement-breakpoint
CREATE TRIGGER "halal_certificates_catalog_insert" AFTER INSERT ON "halal_certificates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "halal_certificates_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "halal_certificates_catalog_update" AFTER UPDATE ON "halal_certificates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "halal_certificates_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "halal_certificates_catalog_delete" AFTER DELETE ON "halal_certificates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "halal_certificates_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "halal_certificates_catalog_truncate" AFTER TRUNCATE ON "halal_certificates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "site_halal_facts_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "site_halal_facts_catalog_version" ON "site_halal_facts";
--> statement-breakpoint
CREATE TRIGGER "site_halal_facts_catalog_insert" AFTER INSERT ON "site_halal_facts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_halal_facts_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_halal_facts_catalog_update" AFTER UPDATE ON "site_halal_facts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_halal_facts_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_halal_facts_catalog_delete" AFTER DELETE ON "site_halal_facts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_halal_facts_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_halal_facts_catalog_truncate" AFTER TRUNCATE ON "site_halal_facts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "site_halal_items_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "site_halal_items_catalog_version" ON "site_halal_items";
--> statement-breakpoint
CREATE TRIGGER "site_halal_items_catalog_insert" AFTER INSERT ON "site_halal_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_halal_items_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_halal_items_catalog_update" AFTER UPDATE ON "site_halal_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_halal_items_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_halal_items_catalog_delete" AFTER DELETE ON "site_halal_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_halal_items_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "site_halal_items_catalog_truncate" AFTER TRUNCATE ON "site_halal_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "cities_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select 's:' || r.slug from new_rows r union select 'cities'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select 's:' || r.slug from old_rows r union select 'cities'));
	ELSE
		PERFORM record_catalog_change(ARRAY(select 's:' || r.slug from old_rows r union select 's:' || r.slug from new_rows r union select 'cities'));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "cities_catalog_version" ON "cities";
--> statement-breakpoint
CREATE TRIGGER "cities_catalog_insert" AFTER INSERT ON "cities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cities_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "cities_catalog_update" AFTER UPDATE ON "cities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cities_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "cities_catalog_delete" AFTER DELETE ON "cities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cities_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "cities_catalog_truncate" AFTER TRUNCATE ON "cities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
