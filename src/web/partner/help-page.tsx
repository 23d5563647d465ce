import { useDocumentTitle } from '../lib/use-document-title';
import { useMe } from '../lib/me';
import { HelpRequests } from '../ui/help-requests';

/** /partner/help: the partner's requests to HalalNosh support and the answers (docs/product/customer.md#help). */
export function PartnerHelpPage() {
  useDocumentTitle('Help');
  const user = useMe().data?.user;
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Help</h1>
        <p className="text-sm text-muted-foreground">Ask HalalNosh support about orders, your menu or your payouts.</p>
      </div>
      <HelpRequests userId={user.id} />
    </div>
  );
}
