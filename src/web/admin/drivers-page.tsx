import { PageIntro } from '../ui/page-intro';

/** /admin/drivers (super_admin, ops_manager). */
export function DriversPage() {
  return <PageIntro title="Driver Console Admin" note="Pending applications with their documents, every driver with approve, reject, suspend and reinstate, and active delivery jobs will be managed here." />;
}
