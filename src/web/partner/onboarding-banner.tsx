import { Link, useLocation } from '../lib/router';
import { Alert } from '../ui/alert';
import { useOnboarding } from './onboarding-api';

/** Until a location is live, the console points the partner back to the onboarding steps. */
export function OnboardingBanner() {
  const { data } = useOnboarding();
  const { pathname } = useLocation();
  if (!data || pathname.startsWith('/partner/onboarding')) return null;
  const sites = data.brands.flatMap((b) => b.sites);
  const live = sites.some((s) => s.reviewStatus === 'approved') && data.brands.some((b) => !b.suspended);
  if (live && data.brands.length > 0) return null;
  return (
    <Alert className="mb-4">
      Your restaurant is not live on HalalNosh yet.{' '}
      <Link to="/partner/onboarding" className="font-medium text-primary underline">
        Continue setting up
      </Link>
    </Alert>
  );
}
