import { z } from 'zod';
import { FLOW_ACTORS, JOB_STATUSES, ORDER_ACTIONS, ORDER_STATUSES, ORDER_TYPES } from '../../order-flow';
import { VEHICLE_TYPES } from '../../roles';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../tickets';

/** The product texts of the order console (docs/product/admin.md#order-console). */
export const ORDER_CONSOLE_MESSAGES = {
  loadFailed: 'Failed to load orders',
  orderLoadFailed: 'Failed to load the order',
  noOrders: 'No orders match these filters',
  cancelled: 'Order cancelled',
  delivered: 'Order marked delivered',
  driverAssigned: 'Driver assigned',
  driverUnassigned: 'Driver unassigned: the job is back on the board',
  noteAdded: 'Note added',
  ticketOpened: 'Ticket opened',
  ticketLinked: 'Ticket linked',
  noDrivers: 'No approved driver is online',
  readOnly: 'Customer Service can add notes and tickets; an operations manager moves the order.',
  notificationsPending: 'Notifications sent for this order will be listed here.',
} as const;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

/**
 * GET /api/admin/orders: newest first, 25 a page. `q` matches the order number, the customer's phone
 * (spaces ignored) or e-mail; `branch` the restaurant's or the location's name; `from`/`to` are
 * London days, inclusive.
 */
export const searchOrdersQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  branch: z.string().trim().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type SearchOrdersQuery = z.input<typeof searchOrdersQuery>;

export const ORDER_CONSOLE_PAGE_SIZE = 25;

export const consoleOrderRow = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  restaurantName: z.string(),
  siteName: z.string(),
  totalMinor: z.number().int(),
  driverName: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleOrderRow = z.infer<typeof consoleOrderRow>;

export const searchOrdersResponse = z.object({
  orders: z.array(consoleOrderRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchOrdersResponse = z.infer<typeof searchOrdersResponse>;

export const orderNumberParams = z.strictObject({
  orderNumber: z
    .string()
    .trim()
    .regex(/^HN-\d{1,12}$/, 'An order number looks like HN-100001'),
});

/** One move of the order: who (kind and person) and when (docs/decisions/0137-order-timeline.md). */
export const timelineEntry = z.object({
  at: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Null on the placing row and on old rows the migration could not tell. */
  action: z.enum(ORDER_ACTIONS).nullable(),
  actorKind: z.enum(FLOW_ACTORS).nullable(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const orderNote = z.object({ id: z.string(), authorName: z.string(), body: z.string(), createdAt: z.string() });
export type OrderNote = z.infer<typeof orderNote>;

export const orderTicket = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  createdAt: z.string(),
});
export type OrderTicket = z.infer<typeof orderTicket>;

/** A message sent about the order (e-mail, push, SMS), once the notification outbox records them. */
export const orderNotification = z.object({
  id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.string(),
  at: z.string(),
});
export type OrderNotification = z.infer<typeof orderNotification>;

const point = z.object({ lat: z.number(), lng: z.number() });

/** What the caller's role may do to this order now (the server checks again on every action). */
export const consoleActions = z.object({
  cancel: z.boolean(),
  markDelivered: z.boolean(),
  assignDriver: z.boolean(),
  unassignDriver: z.boolean(),
  addNote: z.boolean(),
  tickets: z.boolean(),
});
export type ConsoleActions = z.infer<typeof consoleActions>;

export const consoleOrderResponse = z.object({
  order: consoleOrderRow.extend({
    deliveryAddress: z.string().nullable(),
    deliveryPostcode: z.string().nullable(),
    deliveryInstructions: z.string().nullable(),
    subtotalMinor: z.number().int(),
    deliveryFeeMinor: z.number().int(),
    tipMinor: z.number().int(),
    rejectionReason: z.string().nullable(),
    cancelledBy: z.enum(['customer', 'partner', 'ops', 'system']).nullable(),
    cancelReason: z.string().nullable(),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int(), lineTotalMinor: z.number().int() })),
  }),
  driver: z
    .object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      vehicleType: z.enum(VEHICLE_TYPES).nullable(),
    })
    .nullable(),
  job: z.object({ id: z.string(), status: z.enum(JOB_STATUSES), pickupArea: z.string() }).nullable(),
  /** The driver's last shared position while the delivery is active (docs/decisions/0080-maps.md), and the two ends. */
  map: z.object({
    pickup: point.nullable(),
    dropoff: point.nullable(),
    driver: point.extend({ at: z.string() }).nullable(),
  }),
  timeline: z.array(timelineEntry),
  notes: z.array(orderNote),
  tickets: z.array(orderTicket),
  notifications: z.array(orderNotification),
  actions: consoleActions,
});
export type ConsoleOrderResponse = z.infer<typeof consoleOrderResponse>;

/** GET /api/admin/orders/:orderNumber/drivers: approved drivers online now, those in the pickup area first. */
export const candidateDriversResponse = z.object({
  drivers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      vehicleType: z.enum(VEHICLE_TYPES).nullable(),
      postcode: z.string().nullable(),
      inPickupArea: z.boolean(),
      activeJobs: z.number().int(),
    }),
  ),
});
export type CandidateDriversResponse = z.infer<typeof candidateDriversResponse>;

const text = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const cancelOrderBody = z.strictObject({ reason: text(500, 'Cancellation reason') });
export const markDeliveredBody = z.strictObject({ note: text(500, 'Note') });
export const assignDriverBody = z.strictObject({ driverId: z.string().trim().min(1).max(64) });
export const unassignDriverBody = z.strictObject({ reason: text(500, 'Reason') });
/** requestId: the browser's key for this note, so a double click stores it once. */
export const addOrderNoteBody = z.strictObject({ body: text(2000, 'Note'), requestId: z.guid() });
export const openOrderTicketBody = z.strictObject({
  subject: text(200, 'Subject'),
  description: text(5000, 'Description'),
  priority: z.enum(TICKET_PRIORITIES).default('normal'),
  requestId: z.guid(),
});
export const linkOrderTicketBody = z.strictObject({
  ticketNumber: z
    .string()
    .trim()
    .regex(/^T-\d{1,12}$/, 'A ticket number looks like T-1001'),
});

/** Every console action answers with the order page as it now stands. */
export const consoleActionResponse = consoleOrderResponse;
