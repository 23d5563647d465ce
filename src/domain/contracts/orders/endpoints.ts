import { cancelOrderBody, cancelOrderResponse, cancelRequestBody, cancelRequestResponse } from './cancel-order';
import { partnerOrderActionBody, partnerOrderActionResponse, partnerOrderParams } from './partner-order-action';
import { POLICIES } from '../../policies';
import { placeOrderBody, placeOrderHeaders, placeOrderResponse } from './place-order';
import { quoteOrderBody, quoteOrderResponse } from './quote-order';
import { orderRefParams, orderTokenHeaders } from './order-view';
import { getOrderResponse } from './get-order';
import { reorderResponse } from './reorder';
import { reportIssueBody, reportIssueResponse } from './report-issue';
import { rateOrderBody, rateOrderResponse } from './rate-order';
import { api } from '../endpoint';
import { noDriverEndpoints } from './no-driver-endpoints';
import { scheduleEndpoints } from './schedule-endpoints';
import { deliveryRangeEndpoints } from './delivery-range-endpoints';

/** The orders endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const ordersEndpoints = {
  postPartnerOrdersByOrderIdActions: api('POST /api/partner/orders/:orderId/actions', POLICIES.partner)
    .takes({ params: partnerOrderParams, body: partnerOrderActionBody })
    .answers({ 200: partnerOrderActionResponse }),
  postOrders: api('POST /api/orders', POLICIES.public)
    .takes({ headers: placeOrderHeaders, body: placeOrderBody })
    .answers({ 200: placeOrderResponse, 201: placeOrderResponse }),
  postOrdersQuote: api('POST /api/orders/quote', POLICIES.public)
    .summary('The cart priced as an order would be now, for checkout to confirm before placing')
    .takes({ body: quoteOrderBody })
    .answers({ 200: quoteOrderResponse }),
  getOrdersByOrderNumber: api('GET /api/orders/:orderNumber', POLICIES.public)
    .takes({ params: orderRefParams, headers: orderTokenHeaders })
    .answers({ 200: getOrderResponse }),
  postOrdersByOrderNumberReorder: api('POST /api/orders/:orderNumber/reorder', POLICIES.public)
    .takes({ params: orderRefParams, headers: orderTokenHeaders })
    .answers({ 200: reorderResponse }),
  postOrdersByOrderNumberReport: api('POST /api/orders/:orderNumber/report', POLICIES.public)
    .takes({ params: orderRefParams, headers: orderTokenHeaders, body: reportIssueBody })
    .answers({ 201: reportIssueResponse }),
  postOrdersByOrderNumberRating: api('POST /api/orders/:orderNumber/rating', POLICIES.public)
    .takes({ params: orderRefParams, headers: orderTokenHeaders, body: rateOrderBody })
    .answers({ 201: rateOrderResponse }),
  postOrdersByOrderNumberCancel: api('POST /api/orders/:orderNumber/cancel', POLICIES.public)
    .summary("The order's customer cancels it while the restaurant has not answered")
    .takes({ params: orderRefParams, headers: orderTokenHeaders, body: cancelOrderBody })
    .answers({ 200: cancelOrderResponse }),
  postOrdersByOrderNumberCancelRequest: api('POST /api/orders/:orderNumber/cancel-request', POLICIES.public)
    .summary("After acceptance, the order's customer asks support to cancel (a ticket)")
    .takes({ params: orderRefParams, headers: orderTokenHeaders, body: cancelRequestBody })
    .answers({ 201: cancelRequestResponse }),
  ...noDriverEndpoints,
  ...scheduleEndpoints,
  ...deliveryRangeEndpoints,
};
