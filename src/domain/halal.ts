export const HALAL_STATUSES = ['verified', 'self-declared', 'temp-unverified', 'suspended'] as const;
export type HalalStatus = (typeof HALAL_STATUSES)[number];

/** The customer-facing label of a halal status (docs/product/customer.md#halal-status). */
export function halalStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'verified':
      return 'Halal Verified';
    case 'self-declared':
      return 'Self Declared Halal';
    case 'temp-unverified':
      return 'Verification Pending';
    case 'suspended':
      return 'Suspended';
    default:
      return 'Unknown Status';
  }
}

/** What a customer is told after reporting a halal concern (the web dialog and the API contract). */
export const HALAL_CONCERN_SENT = 'Thank you. Our halal team will look into it.';
