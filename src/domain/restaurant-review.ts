/**
 * HalalNosh's review of a restaurant location before customers see it
 * (docs/product/partner.md#becoming-a-partner, docs/product/admin.md#restaurants,
 * docs/decisions/0153-restaurant-review.md).
 */
export const REVIEW_STATUSES = ['draft', 'submitted', 'changes_requested', 'approved', 'suspended'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a reviewer or the partner may do to a location's review. */
export type ReviewAction = 'submit' | 'approve' | 'request_changes' | 'suspend' | 'reinstate';

/** The status each action moves from, and to. */
const MOVES: Record<ReviewAction, { from: readonly ReviewStatus[]; to: ReviewStatus }> = {
  submit: { from: ['draft', 'changes_requested'], to: 'submitted' },
  approve: { from: ['submitted', 'changes_requested'], to: 'approved' },
  request_changes: { from: ['submitted'], to: 'changes_requested' },
  suspend: { from: ['approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
};

/** The status after an action, or null when the action does not apply to the current status. */
export function reviewMove(status: ReviewStatus, action: ReviewAction): ReviewStatus | null {
  const move = MOVES[action];
  return move.from.includes(status) ? move.to : null;
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
