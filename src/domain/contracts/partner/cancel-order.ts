import { z } from 'zod';
import { PARTNER_CANCEL_DETAILS_MAX, PARTNER_CANCEL_REASONS } from '../../partner-cancel';
import { partnerOrder } from './orders';

/**
 * POST /api/partner/orders/:orderId/cancel (staff of the order's location): cancels an accepted
 * order before it leaves with a driver (docs/product/partner.md#cancel-an-order). The reason is one
 * of the short list; "Other" needs the partner's own words in `details`.
 */
export const partnerCancelBody = z
  .strictObject({
    reason: z.enum(PARTNER_CANCEL_REASONS, { error: 'Choose a reason for cancelling' }),
    details: z
      .string()
      .trim()
      .max(PARTNER_CANCEL_DETAILS_MAX, `Keep the reason under ${PARTNER_CANCEL_DETAILS_MAX} characters`)
      .nullish(),
  })
  .refine((b) => b.reason !== 'Other' || !!b.details?.trim(), {
    message: 'Tell the customer why the order is cancelled',
    path: ['details'],
  });
export type PartnerCancelBody = z.infer<typeof partnerCancelBody>;

export const partnerCancelResponse = z.object({ order: partnerOrder });
export type PartnerCancelResponse = z.infer<typeof partnerCancelResponse>;
