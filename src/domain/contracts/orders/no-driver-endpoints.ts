import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { orderRefParams, orderTokenHeaders } from './order-view';
import { switchToPickupBody, switchToPickupResponse } from './switch-to-pickup';

/**
 * The customer's no-driver choices (docs/product/orders.md#no-driver-found). Cancelling in that
 * state is the ordinary POST /api/orders/:orderNumber/cancel: the state machine allows it then.
 */
export const noDriverEndpoints = {
  postOrdersByOrderNumberSwitchToPickup: api('POST /api/orders/:orderNumber/switch-to-pickup', POLICIES.public)
    .summary("No driver found: the order's customer collects it instead (delivery fee removed)")
    .takes({ params: orderRefParams, headers: orderTokenHeaders, body: switchToPickupBody })
    .answers({ 200: switchToPickupResponse }),
};
