/*
 * The restaurant's cancel reasons (docs/product/partner.md#cancel-an-order). A leaf module without
 * imports: the cancel contract builds its schema on it, so the web build keeps it with the contracts.
 */
/** The reasons a restaurant gives for cancelling an accepted order (docs/product/partner.md#cancel-an-order). */
export const PARTNER_CANCEL_REASONS = ['Item ran out', 'Kitchen too busy', 'Closing early', 'Other'] as const;
export type PartnerCancelReason = (typeof PARTNER_CANCEL_REASONS)[number];
export const PARTNER_CANCEL_DETAILS_MAX = 200;

/** The reason the customer reads: the chosen one, or the partner's own words for "Other". */
export function partnerCancelReasonText(reason: PartnerCancelReason, details?: string | null): string {
  return reason === 'Other' ? (details ?? '').trim() : reason;
}
