import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import FileText from 'lucide-react/icons/file-text';
import { useState } from 'react';
import type { AdminDriver } from '../../domain/contracts/admin/drivers';
import { type DriverAction, driverActionsFor } from '../../domain/driver-approval';
import { formatShortDate } from '../lib/format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TableHead } from '../ui/table-head';
import { DriverStatusBadge } from './driver-status-badge';
import { useDriverAction } from './use-driver-action';
import { formatPhone } from '../../domain/phone';

export function driverFullName(d: AdminDriver): string {
  return [d.firstName, d.lastName].filter(Boolean).join(' ') || d.displayName || d.email;
}

const CONFIRM: Partial<Record<DriverAction, { title: string; description: string }>> = {
  reject: {
    title: 'Reject this application?',
    description: 'The driver will see that their application was rejected.',
  },
  suspend: {
    title: 'Suspend this driver?',
    description: 'They are set offline and blocked from their driver screens until reinstated.',
  },
};

/** Drivers with their details, documents and the status actions their state allows. */
export function DriversTable({
  drivers,
  onViewDocuments,
  caption,
}: {
  drivers: AdminDriver[];
  onViewDocuments: (id: string) => void;
  caption: string;
}) {
  const action = useDriverAction();
  const [confirm, setConfirm] = useState<{ driver: AdminDriver; action: DriverAction } | null>(null);
  const run = (driver: AdminDriver, a: DriverAction) => {
    if (CONFIRM[a]) setConfirm({ driver, action: a });
    else action.mutate({ driverId: driver.id, action: a });
  };
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-border bg-card">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <TableHead
            columns={[
              'Driver',
              'Contact',
              'Vehicle and licence',
              'Status',
              'Applied',
              { label: 'Actions', align: 'right' },
            ]}
          />
          <tbody>
            {drivers.map((d) => (
              <tr key={d.id} className="border-b border-border align-top last:border-0">
                <th scope="row" className="px-4 py-3 text-left font-semibold">
                  {driverFullName(d)}
                  {d.currentPostcode ? (
                    <span className="block text-xs font-normal text-muted-foreground">Area {d.currentPostcode}</span>
                  ) : null}
                </th>
                <td className="px-4 py-3">
                  <span className="block break-all">{d.email}</span>
                  <span className="text-muted-foreground">{d.phone ? formatPhone(d.phone) : '-'}</span>
                </td>
                <td className="px-4 py-3">
                  <span className="block capitalize">{d.vehicleType ?? '-'}</span>
                  <span className="font-mono text-xs text-muted-foreground">{d.drivingLicenceNumber ?? '-'}</span>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <DriverStatusBadge status={d.status} />
                    {d.status === 'approved' ? (
                      <Badge variant={d.isOnline ? 'default' : 'outline'}>{d.isOnline ? 'Online' : 'Offline'}</Badge>
                    ) : null}
                    {d.jobsReturned ? (
                      <Badge variant="outline" title="Jobs given back before pickup">
                        {d.jobsReturned} {d.jobsReturned === 1 ? 'job' : 'jobs'} returned
                      </Badge>
                    ) : null}
                    {d.missingDocuments.length ? (
                      <Badge variant="warning" title="Documents missing">
                        <AlertTriangle aria-hidden="true" className="mr-1 size-3" />
                        {d.missingDocuments.length} missing
                      </Badge>
                    ) : null}
                  </div>
                </td>
                <td className="px-4 py-3 text-muted-foreground">{formatShortDate(d.createdAt)}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onViewDocuments(d.id)}
                      aria-label={`View Documents of ${driverFullName(d)}`}
                    >
                      <FileText aria-hidden="true" />
                      View Documents
                    </Button>
                    {driverActionsFor(d.status).map((a) => (
                      <Button
                        key={a.action}
                        size="sm"
                        variant={a.to === 'approved' ? 'default' : 'destructive'}
                        disabled={action.isPending}
                        onClick={() => run(d, a.action)}
                        aria-label={`${a.label} ${driverFullName(d)}`}
                      >
                        {a.label}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={confirm ? CONFIRM[confirm.action]!.title : ''}
        description={confirm ? `${driverFullName(confirm.driver)}: ${CONFIRM[confirm.action]!.description}` : ''}
        confirmLabel={confirm?.action === 'reject' ? 'Reject' : 'Suspend'}
        busy={action.isPending}
        onConfirm={() => {
          if (!confirm) return;
          action.mutate({ driverId: confirm.driver.id, action: confirm.action }, { onSettled: () => setConfirm(null) });
        }}
      />
    </>
  );
}
