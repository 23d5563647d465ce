import { orderRefusals } from '../../../domain/checkout';
import type { DeliversToResponse } from '../../../domain/contracts/orders/delivers-to';
import { AppError } from '../../../domain/errors';
import { isListed } from '../../../domain/restaurant-review';
import type { DbOrTx } from '../../db/client';
import type { Geocoder } from '../geo';
import { deliveryReach } from './delivery-reach';
import { loadOrderSite } from './price-order';

/**
 * GET /api/sites/:siteId/delivers-to (public): checkout asks before Place Order whether the branch
 * delivers to the postcode, by the very rule placing the order enforces
 * (docs/decisions/0173-delivery-range-at-checkout.md).
 */
export async function checkDeliversTo(
  deps: { db: DbOrTx; geocoder: Geocoder },
  siteId: string,
  postcodeText: string,
): Promise<DeliversToResponse> {
  const site = await loadOrderSite(deps.db, siteId);
  // A location customers cannot order from is not there for them (docs/decisions/0153-restaurant-review.md).
  if (!isListed(site)) throw new AppError('NOT_FOUND', 'Restaurant not found');
  const reach = await deliveryReach(deps.geocoder, site, postcodeText);
  if (!reach)
    throw new AppError('VALIDATION_ERROR', 'Please enter a valid UK postcode', {
      fields: [{ in: 'query', path: 'postcode', message: 'Please enter a valid UK postcode' }],
    });
  return {
    postcode: reach.postcode,
    deliversHere: reach.reaches,
    message: reach.reaches ? null : orderRefusals.outOfRangeAdvice(site.displayName, reach.postcode),
  };
}
