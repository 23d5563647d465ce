import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { menuItems, orderItems, orderStatusHistory, orders, reviews, sites, user } from '../schema/index';
import { saveReview } from '../../modules/reviews';
import type { DemoAccount } from './demo-accounts';
import { insertAccount } from './insert-account';
import { catalogSeedBrands } from './demo-restaurants';
import { storedPhone } from '../../../domain/phone';

/**
 * Demo customers who ate at the demo restaurants. They exist so the ratings a customer sees come
 * from reviews, as every real rating does; they sign in with the demo password like any demo account.
 */
export const DEMO_REVIEWERS: DemoAccount[] = [
  { email: 'omar.reviewer@halalnosh.test', name: 'Omar Siddiqui', userType: 'customer', phone: '07700 900311' },
  { email: 'sana.reviewer@halalnosh.test', name: 'Sana Mirza', userType: 'customer', phone: '07700 900312' },
  { email: 'bilal.reviewer@halalnosh.test', name: 'Bilal Ahmed', userType: 'customer', phone: '07700 900313' },
  { email: 'hana.reviewer@halalnosh.test', name: 'Hana Yusuf', userType: 'customer', phone: '07700 900314' },
];

/**
 * The ratings each demo restaurant's reviewers give, in reviewer order, by the restaurant's place
 * among London's demo brands (the partner's sample brands are left without reviews, so the demo
 * partner's own orders stay theirs). Distinct averages: 4.8, 4.5, 4.3, 4.0, 3.8, 3.5, 3.3, 2.5.
 */
const RATINGS: number[][] = [
  [5, 5, 5, 4],
  [5, 4, 5, 4],
  [4, 5, 4, 4],
  [4, 4, 4, 4],
  [4, 4, 3, 4],
  [3, 4, 3, 4],
  [3, 3, 4, 3],
  [2, 3, 2, 3],
];

const COMMENTS: Record<number, string[]> = {
  5: ['Spot on, will order again.', 'Generous portions and still hot at the counter.', 'Best grill in the area.'],
  4: [
    'Tasty food, a short wait at pickup.',
    'Good value, the rice could use more salt.',
    'Friendly staff, solid food.',
  ],
  3: ['Fine, but not as good as last time.', 'Decent food, slow on a Friday night.'],
  2: ['Order was ready late and the bread was cold.'],
};

/**
 * Seeds past collected pickup orders for the demo reviewers at London's demo restaurants and the
 * reviews they left through the same use case a customer's review takes (verified, with the site's
 * average and count updated in its transaction). Idempotent: a reviewer who already reviewed a
 * restaurant is skipped. Returns how many reviews were added.
 */
export async function seedReviews(db: Db, opts: { passwordHash: () => Promise<string> }): Promise<number> {
  const targets = catalogSeedBrands()
    .filter((b) => !b.isSample)
    .flatMap((b) => b.sites.filter((s) => s.citySlug === 'london').map((s) => ({ brand: b, site: s })))
    .slice(0, RATINGS.length);
  if (!targets.length) return 0;
  const present = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      inArray(
        sites.id,
        targets.map((t) => t.site.id),
      ),
    );
  const presentIds = new Set(present.map((s) => s.id));

  const reviewerIds: string[] = [];
  for (const a of DEMO_REVIEWERS) {
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, a.email));
    reviewerIds.push(existing ? existing.id : await insertAccount(db, a, await opts.passwordHash()));
  }

  let added = 0;
  for (const [i, { brand, site }] of targets.entries()) {
    if (!presentIds.has(site.id)) continue;
    const dishes = await db
      .select({ id: menuItems.id, name: menuItems.name, priceMinor: menuItems.priceMinor })
      .from(menuItems)
      .where(and(eq(menuItems.menuId, brand.menuId), eq(menuItems.isAvailable, true)))
      .orderBy(menuItems.sortOrder)
      .limit(6);
    if (!dishes.length) continue;
    for (const [r, rating] of RATINGS[i].entries()) {
      const userId = reviewerIds[r];
      const reviewer = DEMO_REVIEWERS[r];
      const [done] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.siteId, site.id)));
      if (done) continue;
      const placedAt = new Date(Date.now() - (3 + i * 2 + r * 5) * 86_400_000);
      const dish = dishes[(i + r) % dishes.length];
      const quantity = 1 + ((i + r) % 2);
      const subtotal = dish.priceMinor * quantity;
      await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            orderNumber: sql`'HN-' || nextval('order_number_seq')`,
            customerId: userId,
            customerName: reviewer.name,
            customerPhone: storedPhone(reviewer.phone) ?? '',
            customerEmail: reviewer.email,
            siteId: site.id,
            subtotalMinor: subtotal,
            deliveryFeeMinor: 0,
            totalMinor: subtotal,
            orderType: 'PICKUP',
            deliveryVerificationCode: String(1000 + ((i * 37 + r * 11) % 9000)),
            status: 'COLLECTED',
            prepTimeMinutes: 15,
            estimatedDeliveryTime: 20,
            createdAt: placedAt,
            updatedAt: new Date(placedAt.getTime() + 25 * 60_000),
          })
          .returning({ id: orders.id });
        await tx.insert(orderItems).values({
          orderId: order.id,
          menuItemId: dish.id,
          name: dish.name,
          unitPriceMinor: dish.priceMinor,
          quantity,
          lineTotalMinor: subtotal,
        });
        const at = (min: number) => new Date(placedAt.getTime() + min * 60_000);
        await tx.insert(orderStatusHistory).values([
          { orderId: order.id, status: 'PENDING', actorId: userId, createdAt: at(0) },
          { orderId: order.id, status: 'ACCEPTED', actorKind: 'partner', action: 'accept', createdAt: at(2) },
          { orderId: order.id, status: 'PREPARING', actorKind: 'partner', action: 'start_preparing', createdAt: at(3) },
          { orderId: order.id, status: 'READY', actorKind: 'partner', action: 'mark_ready', createdAt: at(18) },
          { orderId: order.id, status: 'COLLECTED', actorKind: 'partner', action: 'mark_collected', createdAt: at(25) },
        ]);
      });
      const comments = COMMENTS[rating];
      await saveReview(db, { siteId: site.id, userId, rating, comment: comments[(i + r) % comments.length] });
      added++;
    }
  }
  return added;
}
