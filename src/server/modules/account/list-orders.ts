import { desc, eq } from 'drizzle-orm';
import { siteDisplayName } from '../../../domain/checkout';
import { accountListLabel } from '../../../domain/order-status-labels';
import { slotText } from '../../../domain/schedule';
import type { Db } from '../../db/client';
import { brands, orders, sites } from '../../db/schema/index';

/** The customer's own orders, newest first (docs/product/customer.md#account: first 20, offset 0). One extra row tells whether more exist. */
export async function listAccountOrders(db: Db, customerId: string, limit: number, offset: number) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      orderType: orders.orderType,
      createdAt: orders.createdAt,
      totalMinor: orders.totalMinor,
      scheduledFor: orders.scheduledFor,
      scheduledUntil: orders.scheduledUntil,
      scheduledKind: orders.scheduledKind,
      siteName: sites.name,
      siteSlug: sites.slug,
      brandName: brands.name,
    })
    .from(orders)
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit + 1)
    .offset(offset);
  return {
    orders: rows.slice(0, limit).map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      status: r.status,
      statusLabel: accountListLabel(r.status, r.orderType),
      orderType: r.orderType,
      siteName: siteDisplayName(r.brandName, r.siteName),
      siteSlug: r.siteSlug,
      createdAt: r.createdAt.toISOString(),
      totalMinor: r.totalMinor,
      scheduled:
        r.scheduledFor && r.scheduledUntil && r.scheduledKind
          ? {
              start: r.scheduledFor.toISOString(),
              end: r.scheduledUntil.toISOString(),
              text: slotText({ start: r.scheduledFor, end: r.scheduledUntil, kind: r.scheduledKind }),
            }
          : null,
    })),
    limit,
    offset,
    hasMore: rows.length > limit,
  };
}
