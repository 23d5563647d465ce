-- Narrower keys for a branch's card, its rating and its open flag (docs/decisions/0289-answers-that-show-the-branch.md).
-- HAND-WRITTEN (no schema change; the integrator may renumber this file as it stands). Continues 0038:
--   cs:<city slug>       the searches of that city, as s: was, but not for a rating change: this release's city
--                        searches carry cs:, not s:. s: is still written wherever it was (a rating change too), for
--                        the processes of the release before, which carry s:, while a rolling upgrade replaces them
--   c:<site id>          the branch's card or its membership in a search changed (every 'card' and 'place' change):
--                        a postcode search carries it for every branch that reaches it (it carried b: before, so a
--                        menu edit, which changes no card, dropped it)
--   o:<site id>          the branch's rating, review count or open flag changed: what its card shows and where it
--                        ranks, nothing else; the answers that show it or could rank it across their page carry it
--   r:<city>:<tenths>    a rating of that city moved through this value (tenths of a star; -1: no rating): written
--                        for every value between the old and the new rating, so a city search whose page begins or
--                        ends at one of them (or that filters by Top Rated, 4.5) is dropped, no other
--   ra:<city>            any rating of that city changed (a city search whose page is not known)
-- A sites UPDATE that changes only rating_avg and review_count is a 'rating' change (b:, o:, s:, ra:, r:), one that
-- changes only paused_until and is_open an 'open' change (b:, o:, s:, cs:); any other column is a 'card' change as
-- before (now with c: and cs:), a 'place' change as before (with c: and cs:). A menu item renamed or removed is also a
-- card change of its brand's branches (a one-item offer's badge shows its name); other item edits stay 'menu' changes.
-- Every new key comes beside its branch's b: (what the processes of the release before read a branch from).
CREATE OR REPLACE FUNCTION "catalog_branch_keys"(kind text, site_id uuid, city_slug text, lat float8, lng float8) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE kind
		WHEN 'page' THEN ARRAY['b:' || site_id]
		WHEN 'card' THEN array_remove(ARRAY['b:' || site_id, 'c:' || site_id, 's:' || city_slug, 'cs:' || city_slug], NULL)
		WHEN 'open' THEN array_remove(ARRAY['b:' || site_id, 'o:' || site_id, 's:' || city_slug, 'cs:' || city_slug], NULL)
		WHEN 'menu' THEN array_remove(ARRAY['b:' || site_id, 'd:' || city_slug,
			'dg:' || floor(lat * 5)::bigint || ',' || floor(lng * 3)::bigint], NULL)
		ELSE array_remove(ARRAY['b:' || site_id, 'c:' || site_id, 's:' || city_slug, 'cs:' || city_slug,
			'g:' || floor(lat * 5)::bigint || ',' || floor(lng * 3)::bigint], NULL)
	END
$$;
--> statement-breakpoint
-- The rating a card shows, in tenths (-1: none), as domain/catalog-invalidation.ts ratingTenths.
CREATE FUNCTION "catalog_rating_tenths"(rating_avg numeric, review_count integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN review_count > 0 AND rating_avg IS NOT NULL THEN round(rating_avg * 10)::integer ELSE -1 END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_rating_keys"(site_id uuid, city_slug text, old_tenths integer, new_tenths integer) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
	SELECT array_remove(ARRAY['b:' || site_id, 'o:' || site_id, 's:' || city_slug], NULL) || ARRAY['ra:' || coalesce(city_slug, '')]
		|| ARRAY(SELECT 'r:' || coalesce(city_slug, '') || ':' || v
			FROM generate_series(least(old_tenths, new_tenths), greatest(old_tenths, new_tenths)) v
			-- Averages of 1 to 5 stars: nothing lies between "no rating" and 1.0.
			WHERE v = -1 OR v >= 10)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sites_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A branch added or removed, or one whose place in postcode searches may change (position, radius,
	-- listing, city), is a 'place' change (its cells too); a change to its rating and review count alone a
	-- 'rating' change, to its pause and open switch alone an 'open' change; any other column a 'card' change.
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from new_rows r cross join lateral unnest(catalog_branch_keys('place', r.id, r.city_slug, r.lat, r.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from old_rows r cross join lateral unnest(catalog_branch_keys('place', r.id, r.city_slug, r.lat, r.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(
			select k from (
				select coalesce(o.id, n.id) as id, o.city_slug as old_city, o.lat as old_lat, o.lng as old_lng, n.city_slug, n.lat, n.lng,
					catalog_rating_tenths(o.rating_avg, o.review_count) as old_tenths,
					catalog_rating_tenths(n.rating_avg, n.review_count) as new_tenths,
					case when (o.lat, o.lng, o.delivery_radius_km, o.status, o.review_status, o.brand_suspended_at, o.city_slug)
						is distinct from (n.lat, n.lng, n.delivery_radius_km, n.status, n.review_status, n.brand_suspended_at, n.city_slug)
						then 'place'
						when to_jsonb(o) - 'rating_avg' - 'review_count' - 'updated_at'
							= to_jsonb(n) - 'rating_avg' - 'review_count' - 'updated_at' then 'rating'
						when to_jsonb(o) - 'paused_until' - 'is_open' - 'updated_at'
							= to_jsonb(n) - 'paused_until' - 'is_open' - 'updated_at' then 'open'
						else 'card' end as kind
				from old_rows o full join new_rows n on n.id = o.id) c
			cross join lateral unnest(case when c.kind = 'rating'
				then catalog_rating_keys(c.id, c.city_slug, c.old_tenths, c.new_tenths)
				else catalog_branch_keys(c.kind, c.id, c.old_city, c.old_lat, c.old_lng)
					|| catalog_branch_keys(c.kind, c.id, c.city_slug, c.lat, c.lng) end) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "menu_items_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Every item edit changes its brand's menus ('menu'); one renamed or removed also the cards that may name it
	-- (a one-item offer's badge, card-rows.ts cardOffersSql): a 'card' change of the brand's branches.
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng) || catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(
			select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from old_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k
			union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id where m.id in (select r.menu_id from new_rows r)) b cross join lateral unnest(catalog_branch_keys('menu', b.id, b.city_slug, b.lat, b.lng)) k
			union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s join menus m on m.brand_id = s.brand_id
				where m.id in (select o.menu_id from old_rows o left join new_rows n on n.id = o.id where n.id is null or n.name is distinct from o.name or n.menu_id is distinct from o.menu_id)
					or m.id in (select n.menu_id from new_rows n join old_rows o on o.id = n.id where n.name is distinct from o.name or n.menu_id is distinct from o.menu_id)) b
				cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
