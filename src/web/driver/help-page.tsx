import { useDocumentTitle } from '../lib/use-document-title';
import { useMe } from '../lib/me';
import { HelpRequests } from '../ui/help-requests';

/** /driver/help: the driver's requests to HalalNosh support and the answers (docs/product/customer.md#help). */
export function DriverHelpPage() {
  useDocumentTitle('Help');
  const user = useMe().data?.user;
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Help</h1>
        <p className="text-sm text-muted-foreground">Ask HalalNosh support about a job, your pay or the app.</p>
      </div>
      <HelpRequests userId={user.id} />
    </div>
  );
}
