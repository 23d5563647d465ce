/**
 * Why a driver drops a job they accepted, before pickup (docs/product/driver.md#cant-do-this-job,
 * docs/decisions/0135-driver-unassign.md). `other` needs a few words of the driver's own.
 */
export const JOB_RETURN_REASONS = [
  'vehicle_problem',
  'too_far',
  'restaurant_delay',
  'personal_emergency',
  'other',
] as const;
export type JobReturnReason = (typeof JOB_RETURN_REASONS)[number];

export const JOB_RETURN_REASON_LABELS: Record<JobReturnReason, string> = {
  vehicle_problem: 'Problem with my vehicle',
  too_far: 'Too far away',
  restaurant_delay: 'Restaurant is taking too long',
  personal_emergency: 'Personal emergency',
  other: 'Other',
};

export const JOB_RETURN_NOTE_MAX = 300;

/** The words the customer's tracker shows while a dropped job waits for a new driver. */
export const FINDING_NEW_DRIVER = 'Finding a new driver';

/** The no-driver state on the customer's order page (docs/product/orders.md#no-driver-found). */
export const NO_DRIVER_TITLE = 'Still looking for a driver';
