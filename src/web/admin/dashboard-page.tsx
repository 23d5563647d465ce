import { useQuery } from '@tanstack/react-query';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Bike from 'lucide-react/icons/bike';
import Inbox from 'lucide-react/icons/inbox';
import Package from 'lucide-react/icons/package';
import { Link } from '../lib/router';
import { canUseAdminArea } from '../../domain/policies';
import { TICKET_STATUSES } from '../../domain/tickets';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatNumber } from '../lib/format';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { PageLoading } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed, StatCard } from './admin-states';
import { CitySuggestionsCard } from './city-suggestions-card';
import { TICKET_STATUS_LABELS } from './ticket-labels';

/** /admin/dashboard (every admin role): real counts, the ticket summary and the system status; refreshed live. */
export function AdminDashboardPage() {
  useDocumentTitle('Overview');
  const role = useMe().data?.user?.adminRole ?? null;
  const overview = useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminOverview, { signal }),
  });
  const header = <AdminHeader title="Overview" note="The platform at a glance. Counts update as things happen." />;
  if (overview.isPending)
    return (
      <div className="grid gap-6">
        {header}
        <PageLoading label="Loading overview..." />
      </div>
    );
  if (overview.isError) {
    return (
      <div className="grid gap-6">
        {header}
        <LoadFailed
          title="Failed to load admin data"
          message={overview.error.message}
          onRetry={() => void overview.refetch()}
        />
      </div>
    );
  }
  const o = overview.data;
  const ticketsLink = canUseAdminArea(role, 'tickets');
  return (
    <div className="grid gap-6">
      {header}
      <section aria-label="Key numbers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Drivers Online"
          value={`${formatNumber(o.driversOnline)} / ${formatNumber(o.driversTotal)}`}
          note={`${o.pendingDrivers} pending approval`}
          icon={<Bike aria-hidden="true" />}
        />
        <StatCard
          label="Active Jobs"
          value={formatNumber(o.activeJobs)}
          note="Available, assigned or picked up"
          icon={<Package aria-hidden="true" />}
        />
        <StatCard
          label="New Tickets"
          value={formatNumber(o.newTickets)}
          note={`${o.openTickets} open in total`}
          icon={<Inbox aria-hidden="true" />}
        />
        <StatCard
          label="Escalated Tickets"
          value={formatNumber(o.escalatedTickets)}
          icon={<AlertTriangle aria-hidden="true" />}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Ticket Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border">
              {TICKET_STATUSES.map((s) => (
                <li key={s} className="flex items-center justify-between py-2 text-sm">
                  {ticketsLink ? (
                    <Link to={`/admin/tickets?status=${s}`} className="hover:underline">
                      {TICKET_STATUS_LABELS[s]}
                    </Link>
                  ) : (
                    <span>{TICKET_STATUS_LABELS[s]}</span>
                  )}
                  <span className="font-semibold tabular-nums">{formatNumber(o.ticketsByStatus[s] ?? 0)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>System Status</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[1fr_auto] gap-y-3 text-sm">
              <dt>Drivers online</dt>
              <dd className="font-semibold tabular-nums">{formatNumber(o.driversOnline)}</dd>
              <dt>Team members active</dt>
              <dd className="font-semibold tabular-nums">{formatNumber(o.teamMembersActive)}</dd>
              <dt>Maintenance mode</dt>
              <dd>
                {o.maintenanceMode ? (
                  <Badge variant="destructive">On: orders paused</Badge>
                ) : (
                  <Badge variant="secondary">Off</Badge>
                )}
              </dd>
            </dl>
          </CardContent>
        </Card>
      </div>

      <CitySuggestionsCard />
    </div>
  );
}
