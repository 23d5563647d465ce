import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { PartnerOffer } from '../../../domain/contracts/offers/endpoints';
import { type Offer, isOfferLive, offerLabel } from '../../../domain/offers';
import type { DbOrTx } from '../../db/client';
import { menuItems, offers } from '../../db/schema/index';

type OfferRow = typeof offers.$inferSelect;

/** A stored offer as the domain reads it, with its items' names for the label. */
export function offerOf(row: OfferRow, names: ReadonlyMap<string, string> = new Map()): Offer {
  return {
    id: row.id,
    brandId: row.brandId,
    siteId: row.siteId,
    kind: row.kind,
    percent: row.percent,
    capMinor: row.capMinor,
    amountMinor: row.amountMinor,
    minSpendMinor: row.minSpendMinor,
    itemIds: row.itemIds,
    itemNames: row.itemIds.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    days: row.days,
    from: row.fromTime,
    until: row.untilTime,
    endedAt: row.endedAt,
  };
}

/** The names of the menu items these offers name, by id. */
export async function itemNames(db: DbOrTx, rows: readonly OfferRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => r.itemIds))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: menuItems.id, name: menuItems.name })
    .from(menuItems)
    .where(inArray(menuItems.id, ids));
  return new Map(found.map((f) => [f.id, f.name]));
}

/**
 * The offers that may apply at one branch: the brand's own and the branch's, not ended. Whether
 * each runs now is for `isOfferLive` to say on the London clock.
 */
export async function branchOffers(
  db: DbOrTx,
  site: { id: string; brandId: string },
  now = new Date(),
): Promise<Offer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.brandId, site.brandId),
        or(isNull(offers.siteId), eq(offers.siteId, site.id)),
        or(isNull(offers.endedAt), gt(offers.endedAt, now)),
      ),
    );
  const names = await itemNames(db, rows);
  return rows.map((r) => offerOf(r, names));
}

/** An offer as the partner console shows it. */
export function partnerOfferOf(
  row: OfferRow,
  siteName: string | null,
  names: ReadonlyMap<string, string>,
  now = new Date(),
): PartnerOffer {
  const offer = offerOf(row, names);
  return {
    id: row.id,
    brandId: row.brandId,
    siteId: row.siteId,
    siteName,
    kind: row.kind,
    percent: row.percent,
    capMinor: row.capMinor,
    amountMinor: row.amountMinor,
    minSpendMinor: row.minSpendMinor,
    itemIds: row.itemIds,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    days: row.days,
    from: row.fromTime,
    until: row.untilTime,
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    label: offerLabel(offer),
    live: isOfferLive(offer, now),
  };
}
