import { Users } from 'lucide-react';
import { Link } from 'react-router';
import type { SiteDetail } from '../../domain/contracts/partner/sites';
import { buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

/** Staff of this location: invitations and current staff (Staff Management holds the full list). */
export function SiteStaffSection({ site }: { site: SiteDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Staff</CardTitle>
      </CardHeader>
      <CardContent>
        <Link to={`/partner/staff?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
          <Users aria-hidden="true" />
          Staff Management
        </Link>
      </CardContent>
    </Card>
  );
}
