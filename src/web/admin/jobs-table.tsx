import { useQuery } from '@tanstack/react-query';
import Package from 'lucide-react/icons/package';
import type { AdminJob } from '../../domain/contracts/admin/drivers';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatMiles, formatPrice, formatTime } from '../lib/format';
import { Badge } from '../ui/badge';
import { EmptyState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { LoadFailed } from './admin-states';

const JOB_LABELS: Record<AdminJob['status'], string> = {
  available: 'Available',
  assigned: 'En Route to Pickup',
  picked_up: 'Out for Delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The Jobs tab: active delivery jobs with their restaurant and driver, newest first; refreshed live. */
export function ActiveJobsTable() {
  // Job moves are published to drivers' areas, not to the back office: refresh every 15 s.
  const jobs = useQuery({
    queryKey: adminKeys.jobs,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminJobs, { signal }),
    refetchInterval: 15_000,
  });
  if (jobs.isPending) return <Spinner label="Loading jobs" />;
  if (jobs.isError)
    return (
      <LoadFailed title="Failed to load admin data" message={jobs.error.message} onRetry={() => void jobs.refetch()} />
    );
  if (!jobs.data.jobs.length) {
    return (
      <EmptyState icon={<Package aria-hidden="true" />} title="No active jobs">
        Jobs appear here when a restaurant accepts a delivery order.
      </EmptyState>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Active delivery jobs</caption>
        <TableHead
          columns={['Order', 'Restaurant', 'Driver', 'Status', 'Route', { label: 'Pay', align: 'right' }, 'Created']}
        />
        <tbody>
          {jobs.data.jobs.map((j) => (
            <tr key={j.id} className="border-b border-border last:border-0">
              <th scope="row" className="px-4 py-3 text-left font-semibold">
                {j.orderNumber}
              </th>
              <td className="px-4 py-3">{j.siteName}</td>
              <td className="px-4 py-3">{j.driverName ?? <span className="text-muted-foreground">Unassigned</span>}</td>
              <td className="px-4 py-3">
                <Badge variant={j.status === 'available' ? 'warning' : 'secondary'}>{JOB_LABELS[j.status]}</Badge>
              </td>
              <td className="px-4 py-3 text-muted-foreground">
                {j.pickupPostcode ?? '-'} to {j.deliveryPostcode ?? '-'} · {formatMiles(j.distanceMiles)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatPrice(j.totalPayMinor)}</td>
              <td className="px-4 py-3 text-muted-foreground">{formatTime(j.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
