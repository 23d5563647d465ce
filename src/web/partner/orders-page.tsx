import { PageIntro } from '../ui/page-intro';

/** /partner/orders (optional ?site=). */
export function PartnerOrdersPage() {
  return <PageIntro title="Order Management" note="Active and recent orders, with accept, reject, preparing, ready and hand-over actions and a kitchen display, will be shown here." />;
}
