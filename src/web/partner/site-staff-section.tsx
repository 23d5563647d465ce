import Users from 'lucide-react/icons/users';
import { Link } from '../lib/router';
import type { SiteDetail } from '../../domain/contracts/partner/sites';
import { canManageBrand } from '../../domain/partner-access';
import { buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { useBrands } from './partner-api';
import { InvitationsList, InviteForm, StaffList } from './staff-parts';

/** Staff of this location on Edit Location: invite to it, who works here, and its invitations. */
export function SiteStaffSection({ site }: { site: SiteDetail }) {
  const brands = useBrands();
  const brand = brands.data?.find((b) => b.id === site.brandId);
  if (!canManageBrand(site.role)) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Staff</CardTitle>
          <CardDescription>The brand owner or an admin invites staff to this location.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Staff</CardTitle>
          <CardDescription>Invite a site manager for {site.name}, or an admin for the whole brand.</CardDescription>
        </div>
        <Link to={`/partner/staff?site=${site.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Users aria-hidden="true" />
          Staff Management
        </Link>
      </CardHeader>
      <CardContent className="grid gap-6">
        {brand ? (
          <InviteForm
            brandId={site.brandId}
            sites={brand.sites.filter((s) => s.id === site.id)}
            initialSiteIds={[site.id]}
          />
        ) : null}
        <section aria-label="Current staff" className="grid gap-2">
          <h3 className="font-semibold">Current staff</h3>
          <StaffList brandId={site.brandId} siteId={site.id} />
        </section>
        <section aria-label="Invitations" className="grid gap-2">
          <h3 className="font-semibold">Invitations</h3>
          <InvitationsList brandId={site.brandId} siteId={site.id} />
        </section>
      </CardContent>
    </Card>
  );
}
