import { PageIntro } from '../ui/page-intro';

/** /admin/reports (super_admin, ops_manager, finance). */
export function ReportsPage() {
  return <PageIntro title="Reports" note="Orders, revenue and delivery times by day and by site will be reported here." />;
}
