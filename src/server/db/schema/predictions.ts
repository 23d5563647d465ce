import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PrepPrediction } from '../../../domain/predictions';
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
    travelSource: text('travel_source').$type<'maps_api' | 'fallback'>(),
    /** Delivered minus picked up, once delivered. */
    actualTravelMinutes: doublePrecision('actual_travel_minutes'),
  },
  (t) => [index('order_predictions_site_idx').on(t.siteId, t.acceptedAt)],
);
