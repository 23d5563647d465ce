import { PageIntro } from '../ui/page-intro';

/** /admin/tickets (super_admin, ops_manager, cs_agent, finance). */
export function TicketsPage() {
  return <PageIntro title="Customer Service" note="Support tickets with search, status and priority filters, message threads and internal notes will be handled here." />;
}
