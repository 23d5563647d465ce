import ArrowRight from 'lucide-react/icons/arrow-right';
import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Store from 'lucide-react/icons/store';
import type { JobSummary } from '../../domain/contracts/driver/jobs';
import { JOB_BADGES } from '../../domain/driver-flow';
import { formatMiles, formatPrice } from '../lib/format';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';

/** One job in a list; the whole card is one big button that opens its details. */
export function JobCard({
  job,
  onOpen,
  actionLabel = 'View job',
}: {
  job: JobSummary;
  onOpen: () => void;
  actionLabel?: string;
}) {
  return (
    <Card>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`${actionLabel}: ${job.restaurantName}, order ${job.orderNumber}, ${formatPrice(job.pay.totalWithTipMinor)}, ${job.awayMiles !== null ? `pickup ${formatMiles(job.awayMiles)} away, ` : ''}${formatMiles(job.distanceMiles)}`}
        className="grid w-full gap-2 rounded-lg p-4 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div className="flex items-start justify-between gap-3">
          {/* No width of its own (w-0 flex-1): the unbroken name would otherwise set the card's
              narrowest width, and the lists' grid tracks with it, wider than a 375 px phone. */}
          <p className="flex w-0 min-w-0 flex-1 items-center gap-2 font-semibold">
            <Store aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="truncate">{job.restaurantName}</span>
          </p>
          <span className="text-lg font-bold tabular-nums text-primary">{formatPrice(job.pay.totalWithTipMinor)}</span>
        </div>
        {job.awayMiles !== null ? (
          <p className="text-sm font-medium">Pickup {formatMiles(job.awayMiles)} away</p>
        ) : null}
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">
            {job.pickupPostcode ?? job.pickupArea} <ArrowRight aria-hidden="true" className="inline size-3" />{' '}
            {job.deliveryPostcode ?? 'Customer'}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>{job.orderNumber}</span>
          <span aria-hidden="true">·</span>
          <span>{formatMiles(job.distanceMiles)}</span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {job.estimatedDurationMinutes} min
          </span>
          {job.status !== 'available' ? (
            <Badge variant="secondary" className="ml-auto">
              {JOB_BADGES[job.status]}
            </Badge>
          ) : null}
        </div>
      </button>
    </Card>
  );
}
