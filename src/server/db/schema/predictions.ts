import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PrepPrediction, TravelSource } from '../../../domain/predictions';
import { sites } from './catalog';
import { orders } from './orders';

/**
 * What the dispatcher predicted for an order on accepting, beside what really happened
 * (docs/decisions/0277-learned-prep-and-checked-predictions.md): the prep time (learned from the
 * branch's own rows here) against ready minus accepted, and the travel time (the routing service or
 * the straight-line fallback) against delivered minus picked up. The admin reports show the errors.
 */
export const orderPredictions = pgTable(
  'order_predictions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    /** The London hour of the day it was accepted (0–23): the prep time is learned by it. */
    acceptHour: integer('accept_hour').notNull(),
    chosenPrepMinutes: integer('chosen_prep_minutes').notNull(),
    predictedPrepMinutes: integer('predicted_prep_minutes').notNull(),
    prepSource: text('prep_source').$type<PrepPrediction['source']>().notNull(),
    /** Ready minus accepted, once the kitchen marks it ready. */
    actualPrepMinutes: doublePrecision('actual_prep_minutes'),
    /** Delivery orders: the travel estimate on accepting and where it came from. */
    predictedTravelMinutes: integer('predicted_travel_minutes'),
    travelSource: text('travel_source').$type<TravelSource>(),
    /** Delivered minus picked up, once delivered. */
    actualTravelMinutes: doublePrecision('actual_travel_minutes'),
    /**
     * The straight-line kilometres from the branch to the door: the travel time is learned per city and
     * hour as minutes per kilometre from these (docs/decisions/0283-learned-travel-and-fair-earnings.md).
     */
    travelKm: doublePrecision('travel_km'),
    /** The city of the branch when accepted (sites.city_slug): travel is learned per city. */
    citySlug: text('city_slug'),
    /** The leg to the restaurant, predicted when a driver takes the job, from where the driver was. */
    predictedToPickupMinutes: doublePrecision('predicted_to_pickup_minutes'),
    toPickupSource: text('to_pickup_source').$type<TravelSource>(),
    /** Arrived at the restaurant minus taken, once the driver says "I've Arrived". */
    actualToPickupMinutes: doublePrecision('actual_to_pickup_minutes'),
    /**
     * The straight-line kilometres from where the driver was to the restaurant when they took the job: the
     * pace of the leg without food is learned from these (docs/decisions/0287-stacks-on-time-and-the-product-policy.md).
     */
    toPickupKm: doublePrecision('to_pickup_km'),
  },
  (t) => [
    index('order_predictions_site_idx').on(t.siteId, t.acceptedAt),
    index('order_predictions_city_idx').on(t.citySlug, t.acceptedAt),
  ],
);
