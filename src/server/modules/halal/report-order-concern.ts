import { eq } from 'drizzle-orm';
import type { HalalConcernBody } from '../../../domain/contracts/halal/public-halal';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { loadViewableOrder } from '../orders';
import { reportHalalConcern } from './report-concern';

/** A halal concern about an order: only someone who may see the order (its customer, the visitor's browser) can raise it. */
export async function reportOrderHalalConcern(
  deps: { db: Db; bus: LiveBus },
  actor: Actor | null,
  orderNumber: string,
  visitorToken: string | undefined,
  body: HalalConcernBody,
): Promise<{ ticketNumber: string }> {
  const { order } = await loadViewableOrder(deps.db, orderNumber, actor, visitorToken);
  const [site] = await deps.db.select({ slug: sites.slug }).from(sites).where(eq(sites.id, order.siteId));
  return reportHalalConcern(deps, actor, {
    ...body,
    slug: site.slug,
    orderId: order.id,
    orderNumber: order.orderNumber,
  });
}
