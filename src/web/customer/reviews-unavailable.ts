import { toast } from '../lib/toast';

export const REVIEWS_UNAVAILABLE = 'Reviews are not available for this restaurant.';

/**
 * Said when this branch cannot take a review: the page shows our saved copy because the server
 * cannot be reached, or the server no longer lists the branch (deactivated or archived meanwhile).
 */
export function toastReviewsUnavailable(): void {
  toast.error('Reviews not available', { description: REVIEWS_UNAVAILABLE });
}
