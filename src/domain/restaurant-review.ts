/**
 * HalalNosh's review of a restaurant location before customers see it
 * (docs/product/partner.md#becoming-a-partner, docs/product/admin.md#restaurants,
 * docs/decisions/0153-restaurant-review.md).
 */
import { MAX_RADIUS_KM, MIN_RADIUS_KM } from './branch-settings';
import { type OpeningHours, WEEKDAYS } from './opening-hours';

export const REVIEW_STATUSES = ['draft', 'submitted', 'changes_requested', 'approved', 'suspended'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a reviewer or the partner may do to a location's review. */
export type ReviewAction = 'submit' | 'approve' | 'request_changes' | 'suspend' | 'reinstate';

/** The status each action moves from, and to. */
const MOVES: Record<ReviewAction, { from: readonly ReviewStatus[]; to: ReviewStatus }> = {
  submit: { from: ['draft', 'changes_requested'], to: 'submitted' },
  // Not from changes_requested: the partner is still changing what was reviewed
  // (docs/decisions/0216-no-approval-while-changes-requested.md).
  approve: { from: ['submitted'], to: 'approved' },
  request_changes: { from: ['submitted'], to: 'changes_requested' },
  suspend: { from: ['approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
};

/** The status after an action, or null when the action does not apply to the current status. */
export function reviewMove(status: ReviewStatus, action: ReviewAction): ReviewStatus | null {
  const move = MOVES[action];
  return move.from.includes(status) ? move.to : null;
}

/** Why a review action is refused, where the general "cannot be changed that way" would not say. */
export const REVIEW_REFUSALS = {
  approveWhileChangesRequested:
    "This location is waiting for the partner's changes. You can approve it once they submit it again.",
} as const;

/** The message of a refused review action (docs/product/admin.md#restaurants). */
export function reviewRefusal(status: ReviewStatus, action: ReviewAction): string {
  if (action === 'approve' && status === 'changes_requested') return REVIEW_REFUSALS.approveWhileChangesRequested;
  return `A location that is ${REVIEW_STATUS_LABELS[status].toLowerCase()} cannot be changed that way.`;
}

/** Whether customers may find and order from a location (its brand not suspended either). */
export function isListed(site: { reviewStatus: ReviewStatus; brandSuspendedAt: Date | string | null }): boolean {
  return site.reviewStatus === 'approved' && site.brandSuspendedAt === null;
}

/** The label of each status, as the partner console and the back office show it. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  suspended: 'Suspended',
};

/** The partner's explanation of each status, under the label. */
export const REVIEW_STATUS_NOTES: Record<ReviewStatus, string> = {
  draft: 'Customers cannot see this location yet. Add your menu, then submit it for review.',
  submitted: 'HalalNosh is reviewing this location. We will e-mail you when it is approved.',
  changes_requested: 'HalalNosh asked for changes. Make them, then submit the location again.',
  approved: 'This location is live: customers can find it and order.',
  suspended: 'HalalNosh has suspended this location. Customers cannot see it.',
};

/** What a location needs before it can be submitted for review, in the order the partner does it. */
export const READINESS_CHECKS = ['address', 'hours', 'delivery', 'menu'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
export type Readiness = Record<ReadinessCheck, boolean>;

/** The facts of a location the readiness rule reads (docs/product/partner.md#becoming-a-partner). */
export type ReadinessFacts = {
  lat: number | null;
  lng: number | null;
  openingHours: OpeningHours;
  deliveryRadiusKm: number;
  deliveryFeeMinor: number;
  menuItemCount: number;
};

/**
 * Each check of the readiness rule: the address is on the map (drivers and the delivery radius
 * need coordinates), the location opens on at least one day, it has a delivery radius and fee
 * within the product's bounds, and its menu has at least one item
 * (docs/product/partner.md#becoming-a-partner).
 */
export function reviewReadiness(site: ReadinessFacts): Readiness {
  return {
    address: site.lat !== null && site.lng !== null,
    hours: WEEKDAYS.some((day) => site.openingHours[day] && !site.openingHours[day].closed),
    delivery:
      site.deliveryRadiusKm >= MIN_RADIUS_KM &&
      site.deliveryRadiusKm <= MAX_RADIUS_KM &&
      Number.isInteger(site.deliveryFeeMinor) &&
      site.deliveryFeeMinor >= 0,
    menu: site.menuItemCount > 0,
  };
}

/** Whether every check passes, so the location may be submitted for review. */
export function isReadyForReview(readiness: Readiness): boolean {
  return READINESS_CHECKS.every((check) => readiness[check]);
}

/** What the partner reads for each check still to do; the server refuses a submission with the first. */
export const READINESS_TODO: Record<ReadinessCheck, string> = {
  address: 'Add a UK postcode we can find on the map, or the latitude and longitude, to your location.',
  hours: 'Open your location on at least one day of the week.',
  delivery: 'Set a delivery radius of 0.5 to 20 km and a delivery fee.',
  menu: 'Add at least one menu item before you submit for review.',
};

/** The check the partner sees for each one done. */
export const READINESS_DONE: Record<ReadinessCheck, string> = {
  address: 'Address found on the map',
  hours: 'Opening hours set',
  delivery: 'Delivery radius and fee set',
  menu: 'Menu has at least one item',
};
