import { PageIntro } from '../ui/page-intro';

/** /admin/dashboard (every admin role). */
export function AdminDashboardPage() {
  return <PageIntro title="Overview" note="Drivers online, active jobs, new and escalated tickets, and the system status will be shown here." />;
}
