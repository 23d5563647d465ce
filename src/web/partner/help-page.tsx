import { HelpPage } from '../ui/help-requests';

/** /partner/help: the partner's requests to HalalNosh support and the answers (docs/product/partner.md#help). */
export function PartnerHelpPage() {
  return <HelpPage note="Ask HalalNosh support about orders, your menu or your payouts." />;
}
