import Users from 'lucide-react/icons/users';
import { canManageBrand } from '../../domain/partner-access';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PageLoading } from '../ui/spinner';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed } from './partner-states';
import { InvitationsList, InviteForm, StaffList } from './staff-parts';
import { usePartnerSelection } from './use-partner-selection';

/** /partner/staff: invite staff to the selected brand and its locations; follow the invitations. */
export function StaffPage() {
  useDocumentTitle('Staff Management');
  const selection = usePartnerSelection();
  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading staff" message={selection.error.message} onRetry={selection.refetch} />;
  const brand = selection.brand;
  if (!brand) {
    return (
      <EmptyState icon={<Users aria-hidden="true" />} title="Select a brand first">
        Staff belong to a brand. Create a brand, or choose one with the switcher at the top.
      </EmptyState>
    );
  }
  if (!canManageBrand(brand.role)) {
    return (
      <EmptyState icon={<Users aria-hidden="true" />} title="Only the brand owner or an admin manages staff">
        Ask them to invite the people who work at your location.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6">
      <div>
        <p className="text-sm text-muted-foreground">{brand.name}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Staff Management</h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Invite staff</CardTitle>
            <CardDescription>They get an e-mail with a link that works for 7 days.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm
              key={brand.id}
              brandId={brand.id}
              sites={brand.sites}
              initialSiteIds={selection.site ? [selection.site.id] : []}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Current staff</CardTitle>
          </CardHeader>
          <CardContent>
            <StaffList brandId={brand.id} sites={brand.sites} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Invitations</CardTitle>
        </CardHeader>
        <CardContent>
          <InvitationsList brandId={brand.id} />
        </CardContent>
      </Card>
    </div>
  );
}
