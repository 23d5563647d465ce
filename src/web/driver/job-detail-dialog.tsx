import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import type { JobSummary } from '../../domain/contracts/driver/jobs';
import { ACTION_LABELS } from '../../domain/driver-flow';
import { formatMiles, formatPrice, formatTime } from '../lib/format';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { useTermsBeforeNewWork } from '../ui/terms-gate';
import { acceptErrorMessage, acceptJob } from './accept-job';
import { PayBreakdown } from './pay-breakdown';

/** A job's details and its pay before accepting (docs/product/driver.md#jobs-board: job detail dialog with accept). */
export function JobDetailDialog({
  job,
  isOnline,
  onClose,
}: {
  job: JobSummary | null;
  isOnline: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const terms = useTermsBeforeNewWork();

  const onAccept = async () => {
    if (!job) return;
    setBusy(true);
    try {
      if (!(await terms.beforeNewWork())) return;
      await acceptJob(queryClient, job.id);
      toast.success('Job accepted', { description: `Head to ${job.restaurantName}.` });
      navigate(`/driver/delivery/${job.id}`);
    } catch (error) {
      if (terms.askAfterRefusal(error)) return;
      toast.error(acceptErrorMessage(error));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!job}
      onClose={onClose}
      title={job ? job.restaurantName : 'Job'}
      description={job ? `Order ${job.orderNumber}` : undefined}
    >
      {job ? (
        <div className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Pickup</dt>
              <dd className="font-medium">{job.pickupAddress}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Deliver to</dt>
              <dd className="font-medium">{job.deliveryAddress ?? job.deliveryPostcode ?? 'Shown after accepting'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Distance</dt>
              <dd className="font-medium">{formatMiles(job.distanceMiles)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Estimated time</dt>
              <dd className="font-medium">{job.estimatedDurationMinutes} min</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Order value</dt>
              <dd className="font-medium">{formatPrice(job.customerOrderTotalMinor)}</dd>
            </div>
            {job.status === 'available' ? (
              <div>
                <dt className="text-muted-foreground">Offer open until</dt>
                <dd className="font-medium">{formatTime(job.expiresAt)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="rounded-md border border-border bg-muted/50 p-3">
            <h3 className="mb-2 text-sm font-semibold">Your pay</h3>
            <PayBreakdown pay={job.pay} />
          </div>
          {job.status !== 'available' ? (
            <Link to={`/driver/delivery/${job.id}`} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
              Continue Delivery
            </Link>
          ) : isOnline ? (
            <Button size="lg" className="w-full" disabled={busy} onClick={() => void onAccept()}>
              {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
              {busy ? ACTION_LABELS.accept.busy : 'Accept Job'}
            </Button>
          ) : (
            <Alert variant="warning">You are offline. Go online on your dashboard to accept jobs.</Alert>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
