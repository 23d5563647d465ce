import { z } from 'zod';

/** An offer as "Order again" compares them: its label and what it saved (food and delivery together). */
const reorderOffer = z.object({ label: z.string(), savingMinor: z.int() });

/** One chosen option as the cart keeps it: its id (sent back at checkout), group, name and today's price. */
const reorderOption = z.object({ id: z.string(), group: z.string(), name: z.string(), priceMinor: z.int() });

/**
 * POST /api/orders/:orderNumber/reorder (access as for viewing). The order's lines split into
 * those the branch can take again as they were, at today's price with today's option prices
 * (`priceMinor` includes the options), and those it cannot: `reason` "unavailable" (the dish is
 * no longer sold) or "options" (the options chosen then are no longer offered, or the dish now asks
 * for a choice; docs/product/customer.md#reorder). `offer` compares the restaurant offer the order
 * had (`then`) with the one these lines get now (`now`, priced as checkout prices them), so the
 * customer is told when an offer has ended or started since (docs/decisions/0272-order-again-with-offers.md).
 */
export const reorderResponse = z.object({
  site: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  available: z.array(
    z.object({
      menuItemId: z.uuid(),
      name: z.string(),
      description: z.string().nullable(),
      priceMinor: z.int(),
      quantity: z.int(),
      options: z.array(reorderOption),
    }),
  ),
  unavailable: z.array(
    z.object({
      menuItemId: z.uuid().nullable(),
      name: z.string(),
      quantity: z.int(),
      reason: z.enum(['unavailable', 'options']),
    }),
  ),
  offer: z.object({ then: reorderOffer.nullable(), now: reorderOffer.nullable() }),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;
