import { adminArea } from '../../policies';
import { api } from '../endpoint';
import {
  addOrderNoteBody,
  assignDriverBody,
  cancelOrderBody,
  candidateDriversResponse,
  consoleActionResponse,
  consoleOrderResponse,
  linkOrderTicketBody,
  markDeliveredBody,
  openOrderTicketBody,
  orderNumberParams,
  searchOrdersQuery,
  searchOrdersResponse,
  unassignDriverBody,
} from './order-console';

/**
 * The order console (docs/product/admin.md#order-console): reading, notes and tickets for the `orders` area
 * (Customer Service included), moves of the order for `order_actions` only (docs/decisions/0136-admin-order-console.md).
 */
export const orderConsoleEndpoints = {
  getAdminOrders: api('GET /api/admin/orders', adminArea('orders'))
    .summary('Search orders by number, customer phone or e-mail, branch, status and London dates, paged')
    .takes({ query: searchOrdersQuery })
    .answers({ 200: searchOrdersResponse }),
  getAdminOrdersByOrderNumber: api('GET /api/admin/orders/:orderNumber', adminArea('orders'))
    .summary('One order with its timeline, notes, tickets, notifications, map and the actions the caller may take')
    .takes({ params: orderNumberParams })
    .answers({ 200: consoleOrderResponse }),
  getAdminOrdersByOrderNumberDrivers: api('GET /api/admin/orders/:orderNumber/drivers', adminArea('order_actions'))
    .summary('Approved drivers online now who could take this order, the pickup area first')
    .takes({ params: orderNumberParams })
    .answers({ 200: candidateDriversResponse }),
  postAdminOrdersByOrderNumberCancel: api('POST /api/admin/orders/:orderNumber/cancel', adminArea('order_actions'))
    .summary('Cancel the order with a reason at any non-final stage (state machine, audited)')
    .takes({ params: orderNumberParams, body: cancelOrderBody })
    .answers({ 200: consoleActionResponse }),
  postAdminOrdersByOrderNumberDeliver: api('POST /api/admin/orders/:orderNumber/deliver', adminArea('order_actions'))
    .summary('Mark an out-for-delivery order delivered with a note (state machine, audited, driver paid)')
    .takes({ params: orderNumberParams, body: markDeliveredBody })
    .answers({ 200: consoleActionResponse }),
  postAdminOrdersByOrderNumberDriver: api('POST /api/admin/orders/:orderNumber/driver', adminArea('order_actions'))
    .summary('Put an approved online driver on the job, taking it off the current driver first (audited)')
    .takes({ params: orderNumberParams, body: assignDriverBody })
    .answers({ 200: consoleActionResponse }),
  postAdminOrdersByOrderNumberDriverUnassign: api(
    'POST /api/admin/orders/:orderNumber/driver/unassign',
    adminArea('order_actions'),
  )
    .summary('Take the job off its driver before pickup and put it back on the board (audited)')
    .takes({ params: orderNumberParams, body: unassignDriverBody })
    .answers({ 200: consoleActionResponse }),
  postAdminOrdersByOrderNumberNotes: api('POST /api/admin/orders/:orderNumber/notes', adminArea('orders'))
    .summary('Add an internal note to the order (audited; once per request id)')
    .takes({ params: orderNumberParams, body: addOrderNoteBody })
    .answers({ 200: consoleActionResponse }),
  postAdminOrdersByOrderNumberTickets: api('POST /api/admin/orders/:orderNumber/tickets', adminArea('orders'))
    .summary('Open a support ticket for the order (audited; once per request id)')
    .takes({ params: orderNumberParams, body: openOrderTicketBody })
    .answers({ 200: consoleActionResponse }),
  postAdminOrdersByOrderNumberTicketsLink: api('POST /api/admin/orders/:orderNumber/tickets/link', adminArea('orders'))
    .summary('Link an existing ticket to the order (audited; a ticket of another order is refused)')
    .takes({ params: orderNumberParams, body: linkOrderTicketBody })
    .answers({ 200: consoleActionResponse }),
};
