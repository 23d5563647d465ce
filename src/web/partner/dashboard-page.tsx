import { PageIntro } from '../ui/page-intro';

/** /partner and /partner/dashboard. */
export function PartnerDashboardPage() {
  return <PageIntro title="Partner Dashboard" note="Your five most recent orders, the pending count and your brands' locations will be shown here." />;
}
