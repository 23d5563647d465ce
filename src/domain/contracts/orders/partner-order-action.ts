import { z } from 'zod';
import { PREP_TIME_CHOICES } from '../../eta';
import { orderView } from './order-view';

/**
 * POST /api/partner/orders/:orderId/actions (partner, staff of the order's site). Driver steps
 * (assign_driver, hand_to_driver, complete_delivery) are not taken here.
 */
export const partnerOrderParams = z.strictObject({ orderId: z.uuid('orderId must be a UUID') });

export const partnerOrderActionBody = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('accept'),
    prepTimeMinutes: z
      .literal(PREP_TIME_CHOICES, { error: 'Prep time must be 10, 15, 20, 25 or 30 minutes' })
      .default(20),
  }),
  /** The reason's presence is checked by the use case, so the message reads "Rejection reason is required". */
  z.strictObject({ action: z.literal('reject'), reason: z.string().trim().max(500).nullish() }),
  z.strictObject({ action: z.literal('start_preparing') }),
  z.strictObject({ action: z.literal('mark_ready') }),
  z.strictObject({ action: z.literal('mark_collected') }),
]);
export type PartnerOrderActionBody = z.infer<typeof partnerOrderActionBody>;

export const partnerOrderActionResponse = z.object({
  order: orderView,
  /** What the partner may do next, from order-flow.ts. */
  availableActions: z.array(z.string()),
});
