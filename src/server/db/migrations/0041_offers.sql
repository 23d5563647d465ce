CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"site_id" uuid,
	"kind" text NOT NULL,
	"percent" integer,
	"cap_minor" integer,
	"amount_minor" integer,
	"min_spend_minor" integer DEFAULT 0 NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_time" text,
	"until_time" text,
	"ended_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_amounts_nonneg" CHECK (coalesce("offers"."percent", 0) between 0 and 100 and coalesce("offers"."cap_minor", 0) >= 0 and coalesce("offers"."amount_minor", 0) >= 0 and "offers"."min_spend_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_delivery_discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_brand_idx" ON "offers" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "offers_site_idx" ON "offers" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (keep when regenerating): an offer changes the badge on its branches' cards and pages,
-- so the offers table records the keys of those branches' answers like every other catalog table
-- (migration 0038's pattern; docs/decisions/0246-narrow-cache-invalidation.md): a location's offer its
-- branch, a brand-wide offer every branch of the brand.
CREATE FUNCTION "offers_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r where r.site_id is not null) or s.brand_id in (select r.brand_id from new_rows r where r.site_id is null)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r where r.site_id is not null) or s.brand_id in (select r.brand_id from old_rows r where r.site_id is null)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	ELSE
		PERFORM record_catalog_change(ARRAY(select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from old_rows r where r.site_id is not null) or s.brand_id in (select r.brand_id from old_rows r where r.site_id is null)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k union select k from (select s.id, s.city_slug, s.lat, s.lng from sites s where s.id in (select r.site_id from new_rows r where r.site_id is not null) or s.brand_id in (select r.brand_id from new_rows r where r.site_id is null)) b cross join lateral unnest(catalog_branch_keys('card', b.id, b.city_slug, b.lat, b.lng)) k));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offers_catalog_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "offers_catalog_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "offers_catalog_delete" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_catalog_change"();
--> statement-breakpoint
CREATE TRIGGER "offers_catalog_truncate" AFTER TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
