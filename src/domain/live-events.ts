import { z } from 'zod';
import { CERTIFICATE_STATUSES } from './halal-facts';
import { GROUP_ORDER_STATUSES } from './group-order';
import { HALAL_STATUSES } from './halal';
import { JOB_STATUSES, ORDER_ACTIONS, ORDER_STATUSES, ORDER_TYPES } from './order-flow';
import { DRIVER_STATUSES } from './roles';
import { TICKET_CHANNELS, TICKET_PRIORITIES } from './tickets';
import { type TopicKind, parseTopic } from './topics';

/*
 * Every live event the server publishes: its type, the topic kinds it may travel on and its
 * payload. Events are small hints ("this changed"); screens refetch what they show. The server's
 * `LiveBus.publish` takes its types from this table, so an unknown type, a topic the type may not
 * travel on or a wrong payload is a compile error, and outside production every payload is also
 * checked against its schema at run time. The web app imports the TYPES only (`import type`):
 * customer pages never load zod (docs/decisions/0115-typed-live-events.md).
 */

const id = z.guid();
const isoTime = z.iso.datetime();
const on = <const K extends readonly TopicKind[], S extends z.ZodType>(topics: K, data: S) => ({ topics, data });

const jobOffer = z.strictObject({
  jobId: id,
  orderId: id,
  area: z.string(),
  /** Set when the sweeper offers an unaccepted job again, with its new expiry. */
  reoffered: z.literal(true).optional(),
  expiresAt: isoTime.optional(),
});
const halalCertificate = z.strictObject({ certificateId: id, siteId: id, status: z.enum(CERTIFICATE_STATUSES) });
const siteOnly = z.strictObject({ siteId: id });
const ticketOnly = z.strictObject({ ticketId: id });
const inviteOnly = z.strictObject({ inviteId: id });

export const LIVE_EVENTS = {
  // Orders: placed, moved through the order flow, running late, rated.
  'order.created': on(
    ['site', 'admin'],
    z.strictObject({
      orderId: id,
      orderNumber: z.string(),
      siteId: id,
      orderType: z.enum(ORDER_TYPES),
      totalMinor: z.int(),
    }),
  ),
  'order.status': on(
    ['order', 'site'],
    z.strictObject({
      orderId: id,
      orderNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      previousStatus: z.enum(ORDER_STATUSES),
      action: z.enum(ORDER_ACTIONS),
      /** On a cancellation: who cancelled (docs/decisions/0125). */
      cancelledBy: z.enum(['customer', 'partner', 'ops', 'system']).optional(),
    }),
  ),
  'order.eta': on(
    ['order'],
    z.strictObject({
      orderId: id,
      currentEta: isoTime,
      isLate: z.boolean(),
      csTicketCreated: z.boolean(),
      /** The late notice's texts, only on the event that marks the order late. */
      title: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
  /** The search for a driver gave up: ops is alerted, the customer may switch to pickup or cancel (docs/decisions/0134-no-driver-found.md). */
  'order.no_driver': on(
    ['order', 'admin'],
    z.strictObject({ orderId: id, orderNumber: z.string(), siteId: id, ticketId: id.nullable() }),
  ),
  'order.rated': on(['order'], z.strictObject({ orderId: id, rating: z.int(), tipMinor: z.int() })),

  /** A group order's shared basket changed: lines, members or its state (docs/product/group-orders.md). */
  'group.changed': on(
    ['group'],
    z.strictObject({
      groupId: id,
      status: z.enum(GROUP_ORDER_STATUSES),
      what: z.enum(['lines', 'members', 'status', 'link']),
      /** Once placed: the order members follow on `order:{id}`. */
      orderId: id.optional(),
    }),
  ),

  // Drivers: on the order they deliver, in the back office, and on their own account.
  'driver.assigned': on(
    ['order'],
    z.strictObject({ orderId: id, jobId: id, driverName: z.string(), estimatedArrival: z.string() }),
  ),
  'driver.arrived': on(
    ['order', 'site'],
    z.strictObject({ orderId: id, jobId: id, at: z.enum(['pickup', 'delivery']) }),
  ),
  /** Only that the position moved: the order view carries the position itself, for those allowed to see it. */
  'driver.position': on(['order'], z.strictObject({ orderId: id, at: isoTime })),
  'driver.status': on(['user', 'admin'], z.strictObject({ driverId: z.string(), status: z.enum(DRIVER_STATUSES) })),
  'driver.applied': on(['admin'], z.strictObject({ driverId: z.string() })),
  'driver.availability': on(['admin'], z.strictObject({ driverId: z.string(), isOnline: z.boolean() })),
  /**
   * Only that a driver's position moved (shared for the jobs board, stopped sharing, or on a delivery):
   * the dispatch map re-reads where they are (docs/decisions/0170-ops-dispatch-map.md).
   */
  'driver.located': on(['admin'], z.strictObject({ driverId: z.string(), at: isoTime })),
  'earnings.updated': on(
    ['user'],
    z.union([
      z.strictObject({ jobId: id, earningId: id }),
      z.strictObject({ orderId: id, tipMinor: z.int() }),
      z.strictObject({ payoutId: id }),
    ]),
  ),

  // Delivery jobs of a postcode area, and on the topic of each driver the job reaches (docs/decisions/0158-dispatch-by-distance.md);
  // offered and moved jobs also on the admin topic, for the dispatch map (docs/decisions/0170-ops-dispatch-map.md).
  'job.created': on(['jobs', 'user', 'admin'], jobOffer),
  'job.taken': on(['jobs', 'user'], z.strictObject({ jobId: id, orderId: id, area: z.string() })),
  'job.updated': on(
    ['jobs', 'user', 'admin'],
    z.strictObject({ jobId: id, orderId: id, status: z.enum(JOB_STATUSES) }),
  ),
  /** An untaken job's reach grew a step (the job-reach sweeper announced it to the drivers newly reached). */
  'job.widened': on(['admin'], z.strictObject({ jobId: id, orderId: id, reachMiles: z.number() })),
  'job.reoffered': on(['admin'], jobOffer),
  /** A driver dropped an accepted job, or ops took them off it; the job is back on the board (docs/decisions/0135-driver-unassign.md). */
  'job.returned': on(
    ['admin'],
    z.strictObject({ jobId: id, orderId: id, area: z.string(), by: z.enum(['driver', 'ops']), reason: z.string() }),
  ),
  /**
   * The back office put this driver on a job (assigned) or took it off them (docs/decisions/0136-admin-order-console.md):
   * on the driver's own topic, so their screens change wherever they are.
   */
  'job.assignment': on(['user'], z.strictObject({ jobId: id, orderId: id, assigned: z.boolean() })),

  /**
   * The dispatcher's offers (docs/decisions/0273-dispatcher-offers-in-the-product.md): a new offer, and
   * its end (accepted, declined, expired or withdrawn), on the driver's own topic and the admin topic
   * for the dispatch map; the card and the map re-read the offer.
   */
  'offer.made': on(
    ['user', 'admin'],
    z.strictObject({ offerId: id, jobId: id, driverId: z.string(), expiresAt: isoTime, stackedJobId: id.optional() }),
  ),
  'offer.ended': on(
    ['user', 'admin'],
    z.strictObject({
      offerId: id,
      jobId: id,
      driverId: z.string(),
      status: z.enum(['accepted', 'declined', 'expired', 'withdrawn']),
    }),
  ),
  /** A dispatcher city's job nobody took within the bound went to the board; ops were alerted once. */
  'job.starved': on(['admin'], z.strictObject({ jobId: id, orderId: id })),
  /** A city switched between the jobs board and the dispatcher. */
  'city.dispatch_mode': on(['admin'], z.strictObject({ citySlug: z.string(), mode: z.enum(['board', 'dispatcher']) })),

  // Locations: menu, details, halal trust.
  'menu.updated': on(['site'], z.strictObject({ siteId: id, itemId: id })),
  'site.updated': on(['site'], siteOnly),
  'site.deleted': on(['site'], siteOnly),
  'halal.certificate': on(['site', 'admin'], halalCertificate),
  'halal.facts': on(['site'], siteOnly),
  'halal.status': on(
    ['site', 'admin'],
    z.strictObject({
      siteId: id,
      fromStatus: z.enum(HALAL_STATUSES),
      toStatus: z.enum(HALAL_STATUSES),
      lastVerifiedAt: isoTime.nullable(),
    }),
  ),
  /** Demo mode only (DEMO_FLEET=1): the played driver's pickup code, so a demo can hand over. */
  'demo.pickup_code': on(['site'], z.strictObject({ orderId: id, jobId: id, pickupCode: z.string() })),

  // Back office: tickets, settings, team.
  'ticket.created': on(
    ['admin'],
    z.strictObject({
      ticketId: id,
      ticketNumber: z.string(),
      orderId: id.nullable().optional(),
      siteId: id.optional(),
      channel: z.enum(TICKET_CHANNELS),
      priority: z.enum(TICKET_PRIORITIES),
    }),
  ),
  // Also to the person who raised the ticket (user topic): their Help page follows the answers.
  'ticket.updated': on(['admin', 'user'], ticketOnly),
  /** An internal note or a ticket was added to an order on the order console (docs/product/admin.md#order-console). */
  'order.annotated': on(['admin'], z.strictObject({ orderId: id })),
  'ticket.message': on(['admin', 'user'], ticketOnly),
  'settings.updated': on(['admin'], z.strictObject({ keys: z.array(z.string()).min(1) })),
  'team.invited': on(['admin'], inviteOnly),
  'team.invite_revoked': on(['admin'], inviteOnly),
  'team.joined': on(['admin'], z.strictObject({ email: z.string() })),
  'team.member': on(['admin'], z.strictObject({ memberId: id, isActive: z.boolean() })),
} as const;

type Table = typeof LIVE_EVENTS;

/** Every live event type. */
export type LiveEventType = keyof Table;

/** The payload of one event type. */
export type LiveEventData<E extends LiveEventType> = z.infer<Table[E]['data']>;

/** The event types that may travel on a topic of kind K (on any of them when K is a union). */
export type EventsOn<K extends TopicKind> = {
  [E in LiveEventType]: K extends Table[E]['topics'][number] ? E : never;
}[LiveEventType];

/** One event as a subscriber receives it. */
export type LiveEventOf<E extends LiveEventType> = { topic: string; type: E; data: LiveEventData<E> };

/** Any event that may arrive on a topic of kind K, discriminated by `type`. */
export type LiveEvent<K extends TopicKind = TopicKind> = { [E in EventsOn<K>]: LiveEventOf<E> }[EventsOn<K>];

/**
 * What is wrong with an event about to be published, or null when it is in the table, allowed on
 * its topic and its payload matches. The server's bus runs it outside production.
 */
export function liveEventProblem(topic: string, type: string, data: unknown): string | null {
  const parsed = parseTopic(topic);
  if (!parsed) return `"${topic}" is not a topic`;
  if (!Object.hasOwn(LIVE_EVENTS, type)) return `"${type}" is not in the live-event table`;
  const entry = LIVE_EVENTS[type as LiveEventType];
  if (!(entry.topics as readonly TopicKind[]).includes(parsed.kind))
    return `"${type}" may not travel on ${parsed.kind} topics`;
  const result = entry.data.safeParse(data);
  return result.success ? null : `"${type}" payload: ${z.prettifyError(result.error)}`;
}
