import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { OfferBody, PartnerOffer } from '../../../domain/contracts/offers/endpoints';
import { offerBody } from '../../../domain/contracts/offers/endpoints';
import { AppError } from '../../../domain/errors';
import { canManageBrand } from '../../../domain/partner-access';
import { offerProblem } from '../../../domain/offers';
import type { Actor } from '../../../domain/policies';
import type { Db, DbOrTx } from '../../db/client';
import { brandMemberships, menuItems, menus, offers, sites } from '../../db/schema/index';
import { recordAudit } from '../audit';
import { itemNames, partnerOfferOf } from './offer-rows';

type Body = ReturnType<typeof offerBody.parse>;

const auditActor = (actor: Actor) => ({ userId: actor.userId, name: actor.name || actor.email });

/**
 * The body's figures checked against the rules and the brand (docs/product/offers.md#making-an-offer):
 * the location must be one of the brand's, every item on the brand's menu. Fields a kind does not
 * use are stored empty, so an offer never carries figures it does not show.
 */
async function checkedValues(db: DbOrTx, brandId: string, body: Body) {
  const problem = offerProblem(body);
  if (problem) throw new AppError('VALIDATION_ERROR', problem.message, { field: problem.field });
  let siteName: string | null = null;
  if (body.siteId) {
    const [site] = await db
      .select({ name: sites.name })
      .from(sites)
      .where(and(eq(sites.id, body.siteId), eq(sites.brandId, brandId), ne(sites.status, 'archived')))
      .limit(1);
    // Another brand's location is as unknown as a missing one.
    if (!site) throw new AppError('VALIDATION_ERROR', 'Choose one of this brand’s locations', { field: 'siteId' });
    siteName = site.name;
  }
  const wantsItems = body.kind === 'free_item' || body.kind === 'buy_one_get_one';
  const itemIds = wantsItems ? [...new Set(body.itemIds)] : [];
  if (itemIds.length) {
    const found = await db
      .select({ id: menuItems.id })
      .from(menuItems)
      .innerJoin(menus, and(eq(menus.id, menuItems.menuId), eq(menus.brandId, brandId)))
      .where(inArray(menuItems.id, itemIds));
    if (found.length !== itemIds.length)
      throw new AppError('VALIDATION_ERROR', 'Choose dishes from this brand’s menu', { field: 'itemIds' });
  }
  return {
    siteName,
    values: {
      siteId: body.siteId,
      kind: body.kind,
      percent: body.kind === 'percent_off' ? body.percent : null,
      capMinor: body.kind === 'percent_off' ? body.capMinor : null,
      amountMinor: body.kind === 'amount_off' ? body.amountMinor : null,
      minSpendMinor: body.minSpendMinor,
      itemIds,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      days: [...new Set(body.days)],
      fromTime: body.from,
      untilTime: body.until,
    },
  };
}

/**
 * The caller's role in a brand: 404 for a non-member (another brand is indistinguishable from a
 * missing one), 403 when `manage` and they are a site manager. Read here rather than through the
 * partner module, which imports orders, which prices with offers.
 */
async function requireBrand(db: DbOrTx, userId: string, brandId: string, need: 'member' | 'manage') {
  const [row] = await db
    .select({ role: brandMemberships.role })
    .from(brandMemberships)
    .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Brand not found');
  if (need === 'manage' && !canManageBrand(row.role))
    throw new AppError('FORBIDDEN', 'Only the brand owner or an admin can do this.');
  return row.role;
}

/** A brand's offers, newest first after the running ones; a member may read them, another partner gets 404. */
export async function listOffers(db: Db, userId: string, brandId: string): Promise<PartnerOffer[]> {
  await requireBrand(db, userId, brandId, 'member');
  const rows = await db
    .select({ offer: offers, siteName: sites.name })
    .from(offers)
    .leftJoin(sites, eq(sites.id, offers.siteId))
    .where(eq(offers.brandId, brandId))
    .orderBy(asc(offers.createdAt));
  const names = await itemNames(
    db,
    rows.map((r) => r.offer),
  );
  const now = new Date();
  return rows.map((r) => partnerOfferOf(r.offer, r.siteName, names, now)).reverse();
}

/** Creates an offer (owner or admin), audited in the same transaction. */
export async function createOffer(db: Db, actor: Actor, brandId: string, input: OfferBody): Promise<PartnerOffer> {
  await requireBrand(db, actor.userId, brandId, 'manage');
  const body = offerBody.parse(input);
  return db.transaction(async (tx) => {
    const { siteName, values } = await checkedValues(tx, brandId, body);
    const [row] = await tx
      .insert(offers)
      .values({ ...values, brandId, createdBy: actor.userId })
      .returning();
    const offer = partnerOfferOf(row, siteName, await itemNames(tx, [row]));
    await recordAudit(tx, {
      actionType: 'offer_created',
      entityType: 'offer',
      entityId: row.id,
      actor: auditActor(actor),
      details: { brandId, siteId: row.siteId, label: offer.label, startsOn: row.startsOn, endsOn: row.endsOn },
    });
    return offer;
  });
}

/**
 * The offer and the caller's right to change it, its row locked: 404 when the caller is not a
 * member of its brand (ids cannot be probed), 403 for a site manager.
 */
async function lockOwnOffer(tx: DbOrTx, userId: string, offerId: string) {
  const [row] = await tx
    .select({ offer: offers, role: brandMemberships.role })
    .from(offers)
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, offers.brandId), eq(brandMemberships.userId, userId)))
    .where(eq(offers.id, offerId))
    .limit(1)
    .for('update', { of: offers });
  if (!row) throw new AppError('NOT_FOUND', 'Offer not found');
  if (!canManageBrand(row.role)) throw new AppError('FORBIDDEN', 'Only the brand owner or an admin can do this.');
  return row.offer;
}

/** Changes an offer (owner or admin); an ended offer stays ended. Audited with what it was. */
export async function updateOffer(db: Db, actor: Actor, offerId: string, input: OfferBody): Promise<PartnerOffer> {
  const body = offerBody.parse(input);
  return db.transaction(async (tx) => {
    const before = await lockOwnOffer(tx, actor.userId, offerId);
    if (before.endedAt) throw new AppError('CONFLICT', 'This offer has ended. Create a new one instead.');
    const { siteName, values } = await checkedValues(tx, before.brandId, body);
    const [row] = await tx
      .update(offers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(offers.id, offerId))
      .returning();
    const names = await itemNames(tx, [before, row]);
    const offer = partnerOfferOf(row, siteName, names);
    await recordAudit(tx, {
      actionType: 'offer_updated',
      entityType: 'offer',
      entityId: offerId,
      actor: auditActor(actor),
      details: { brandId: row.brandId, before: partnerOfferOf(before, null, names), after: offer },
    });
    return offer;
  });
}

/** Ends an offer now (owner or admin): it never applies again. Ending it twice changes nothing. */
export async function endOffer(db: Db, actor: Actor, offerId: string, now = new Date()): Promise<PartnerOffer> {
  return db.transaction(async (tx) => {
    const before = await lockOwnOffer(tx, actor.userId, offerId);
    const row = before.endedAt
      ? before
      : (await tx.update(offers).set({ endedAt: now, updatedAt: now }).where(eq(offers.id, offerId)).returning())[0];
    const [site] = row.siteId
      ? await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, row.siteId))
      : [null];
    const offer = partnerOfferOf(row, site?.name ?? null, await itemNames(tx, [row]), now);
    if (!before.endedAt) {
      await recordAudit(tx, {
        actionType: 'offer_ended',
        entityType: 'offer',
        entityId: offerId,
        actor: auditActor(actor),
        details: { brandId: row.brandId, label: offer.label },
      });
    }
    return offer;
  });
}
