-- Phones in one form (docs/decisions/0208-phones-in-e164.md): every stored phone in E.164.
-- A UK number however it was typed (07700 900123, +44 (0)7700 900123, 0044 7700 900123,
-- (020) 7946 0018) becomes +447700900123 / +442079460018, as domain/phone.ts normaliseUkPhone
-- reads it; another country's number written with its code loses its spaces; anything else stays.
CREATE FUNCTION "halalnosh_phone_e164"(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN n ~ '^[1235789][0-9]{9}$' OR n ~ '^[18][0-9]{8}$' THEN '+44' || n
    WHEN c ~ '^\+[0-9]{7,15}$' AND c !~ '^\+44' THEN c
    WHEN c ~ '^00[0-9]{7,15}$' AND c !~ '^0044' THEN '+' || substr(c, 3)
    ELSE phone
  END
  FROM (
    SELECT c, regexp_replace(CASE
        WHEN c ~ '^\+44[0-9]+$' THEN substr(c, 4)
        WHEN c ~ '^0044[0-9]+$' THEN substr(c, 5)
        WHEN c ~ '^0[0-9]+$' THEN substr(c, 2)
      END, '^0', '') AS n
    FROM (SELECT regexp_replace(phone, '[[:space:]().-]', '', 'g') AS c) AS compacted
  ) AS parts
$$;
--> statement-breakpoint
UPDATE "user_profiles" SET "phone" = "halalnosh_phone_e164"("phone")
  WHERE "phone" IS NOT NULL AND "phone" IS DISTINCT FROM "halalnosh_phone_e164"("phone");
--> statement-breakpoint
UPDATE "orders" SET "customer_phone" = "halalnosh_phone_e164"("customer_phone")
  WHERE "customer_phone" IS DISTINCT FROM "halalnosh_phone_e164"("customer_phone");
--> statement-breakpoint
UPDATE "sites" SET "phone" = "halalnosh_phone_e164"("phone")
  WHERE "phone" IS NOT NULL AND "phone" IS DISTINCT FROM "halalnosh_phone_e164"("phone");
--> statement-breakpoint
UPDATE "brands" SET "phone" = "halalnosh_phone_e164"("phone")
  WHERE "phone" IS NOT NULL AND "phone" IS DISTINCT FROM "halalnosh_phone_e164"("phone");
--> statement-breakpoint
DROP FUNCTION "halalnosh_phone_e164"(text);
