import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';
import { partnerCancelBody, partnerCancelResponse } from './cancel-order';
import { orderParams } from './orders';

/**
 * The orders console's off-the-happy-path actions (docs/product/partner.md#cancel-an-order),
 * spread into the partner endpoints.
 */
export const partnerOrderOpsEndpoints = {
  postPartnerOrdersByOrderIdCancel: endpoint({
    method: 'POST',
    path: '/api/partner/orders/:orderId/cancel',
    policy: POLICIES.partner,
    summary: 'The restaurant cancels an accepted order with a reason, before it is out for delivery',
    params: orderParams,
    body: partnerCancelBody,
    responses: { 200: partnerCancelResponse },
  }),
};
