import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { partnerCancelBody, partnerCancelResponse } from './cancel-order';
import { orderParams } from './orders';

/**
 * The orders console's off-the-happy-path actions (docs/product/partner.md#cancel-an-order),
 * spread into the partner endpoints.
 */
export const partnerOrderOpsEndpoints = {
  postPartnerOrdersByOrderIdCancel: api('POST /api/partner/orders/:orderId/cancel', POLICIES.partner)
    .summary('The restaurant cancels an accepted order with a reason, before it is out for delivery')
    .takes({ params: orderParams, body: partnerCancelBody })
    .answers({ 200: partnerCancelResponse }),
};
