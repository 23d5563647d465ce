import { cancelOrderBody, cancelOrderResponse, cancelRequestBody, cancelRequestResponse } from './cancel-order';
import { partnerOrderActionBody, partnerOrderActionResponse, partnerOrderParams } from './partner-order-action';
import { POLICIES } from '../../policies';
import { placeOrderBody, placeOrderHeaders, placeOrderResponse } from './place-order';
import { orderRefParams, orderTokenHeaders } from './order-view';
import { getOrderResponse } from './get-order';
import { reorderResponse } from './reorder';
import { reportIssueBody, reportIssueResponse } from './report-issue';
import { rateOrderBody, rateOrderResponse } from './rate-order';
import { endpoint } from '../endpoint';
import { noDriverEndpoints } from './no-driver-endpoints';

/** The orders endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const ordersEndpoints = {
  postPartnerOrdersByOrderIdActions: endpoint({
    method: 'POST',
    path: '/api/partner/orders/:orderId/actions',
    policy: POLICIES.partner,
    summary: 'Post partner orders by order id actions',
    params: partnerOrderParams,
    body: partnerOrderActionBody,
    responses: { 200: partnerOrderActionResponse },
  }),
  postOrders: endpoint({
    method: 'POST',
    path: '/api/orders',
    policy: POLICIES.public,
    summary: 'Post orders',
    headers: placeOrderHeaders,
    body: placeOrderBody,
    responses: { 200: placeOrderResponse, 201: placeOrderResponse },
  }),
  getOrdersByOrderNumber: endpoint({
    method: 'GET',
    path: '/api/orders/:orderNumber',
    policy: POLICIES.public,
    summary: 'Get orders by order number',
    params: orderRefParams,
    headers: orderTokenHeaders,
    responses: { 200: getOrderResponse },
  }),
  postOrdersByOrderNumberReorder: endpoint({
    method: 'POST',
    path: '/api/orders/:orderNumber/reorder',
    policy: POLICIES.public,
    summary: 'Post orders by order number reorder',
    params: orderRefParams,
    headers: orderTokenHeaders,
    responses: { 200: reorderResponse },
  }),
  postOrdersByOrderNumberReport: endpoint({
    method: 'POST',
    path: '/api/orders/:orderNumber/report',
    policy: POLICIES.public,
    summary: 'Post orders by order number report',
    params: orderRefParams,
    headers: orderTokenHeaders,
    body: reportIssueBody,
    responses: { 201: reportIssueResponse },
  }),
  postOrdersByOrderNumberRating: endpoint({
    method: 'POST',
    path: '/api/orders/:orderNumber/rating',
    policy: POLICIES.public,
    summary: 'Post orders by order number rating',
    params: orderRefParams,
    headers: orderTokenHeaders,
    body: rateOrderBody,
    responses: { 201: rateOrderResponse },
  }),
  postOrdersByOrderNumberCancel: endpoint({
    method: 'POST',
    path: '/api/orders/:orderNumber/cancel',
    policy: POLICIES.public,
    summary: "The order's customer cancels it while the restaurant has not answered",
    params: orderRefParams,
    headers: orderTokenHeaders,
    body: cancelOrderBody,
    responses: { 200: cancelOrderResponse },
  }),
  postOrdersByOrderNumberCancelRequest: endpoint({
    method: 'POST',
    path: '/api/orders/:orderNumber/cancel-request',
    policy: POLICIES.public,
    summary: "After acceptance, the order's customer asks support to cancel (a ticket)",
    params: orderRefParams,
    headers: orderTokenHeaders,
    body: cancelRequestBody,
    responses: { 201: cancelRequestResponse },
  }),
  ...noDriverEndpoints,
};
