import CircleCheck from 'lucide-react/icons/circle-check';
import Navigation from 'lucide-react/icons/navigation';
import Phone from 'lucide-react/icons/phone';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import type { JobDetail } from '../../domain/contracts/driver/jobs';
import { type DeliveryStep, JOB_BADGES, STEP_TITLES } from '../../domain/driver-flow';
import { formatMiles } from '../lib/format';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** docs/product/driver.md#delivery-screen: order id, status, driver assigned, is mine, distance (1 decimal), minutes, Refresh. */
export function JobDetailsCard({
  job,
  refreshing,
  onRefresh,
}: {
  job: JobDetail;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const rows: [string, ReactNode][] = [
    ['Order', job.orderNumber],
    [
      'Status',
      <Badge key="s" variant={job.status === 'completed' ? 'default' : 'secondary'}>
        {JOB_BADGES[job.status]}
      </Badge>,
    ],
    ['Driver assigned', yesNo(job.driverAssigned)],
    ['Assigned to you', yesNo(job.isMine)],
    ['Distance', formatMiles(job.distanceMiles)],
    ['Estimated time', `${job.estimatedDurationMinutes} min`],
  ];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Job details</CardTitle>
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The step card: what this step means, and the pickup code to show the restaurant. */
export function StepCard({ job, step }: { job: JobDetail; step: DeliveryStep }) {
  const title = STEP_TITLES[job.status];
  let body: ReactNode;
  if (job.status === 'available') body = <p>Accept this job to see the customer's address and your pickup code.</p>;
  else if (!job.isMine) body = <p>This job is assigned to another driver.</p>;
  else if (job.status === 'assigned')
    body = (
      <div className="grid gap-3">
        <p>
          {step === 'arrived_pickup'
            ? 'Show this code to the restaurant. They enter it to hand the order over to you.'
            : `Head to ${job.restaurantName}. At the counter, show this pickup code.`}
        </p>
        <div className="rounded-lg bg-primary-soft p-4 text-center">
          <p className="text-sm font-medium text-primary">Your pickup code</p>
          <p
            className="font-mono text-5xl font-bold tracking-[0.3em] text-primary"
            aria-label={`Pickup code ${job.pickupCode?.split('').join(' ')}`}
            data-testid="pickup-code"
          >
            {job.pickupCode}
          </p>
        </div>
      </div>
    );
  else if (job.status === 'picked_up')
    body = (
      <p>
        {step === 'arrived_delivery'
          ? 'Ask the customer for their 4-digit delivery code, then press Complete Delivery and take a photo.'
          : `Take the order to ${job.customerName ?? 'the customer'}.`}
      </p>
    );
  else body = <p>This delivery is complete.</p>;
  return (
    <Card className={job.isMine && job.status !== 'completed' ? 'border-primary' : undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">{body}</CardContent>
    </Card>
  );
}

/** A pickup or delivery address with its Navigate button when coordinates exist. */
export function AddressCard({
  title,
  name,
  lines,
  phone,
  note,
  canNavigate,
  onNavigate,
}: {
  title: string;
  name: string | null;
  lines: (string | null)[];
  phone?: string | null;
  note?: string | null;
  canNavigate: boolean;
  onNavigate: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h3" className="text-base">
            {title}
          </CardTitle>
          {name ? <p className="font-medium">{name}</p> : null}
        </div>
        {canNavigate ? (
          <Button variant="outline" onClick={onNavigate}>
            <Navigation aria-hidden="true" />
            Navigate
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        {lines.filter(Boolean).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {note ? <p className="text-muted-foreground">Note: {note}</p> : null}
        {phone ? (
          <a
            href={`tel:${phone.replace(/\s+/g, '')}`}
            className={buttonClasses({ variant: 'ghost', className: 'justify-self-start px-0' })}
          >
            <Phone aria-hidden="true" />
            {phone}
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** "Delivery Complete!": the product's words and the way back. */
export function CompletedCard() {
  return (
    <Card className="border-primary bg-primary-soft">
      <CardContent className="grid place-items-center gap-3 p-6 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-primary" />
        <h2 className="text-xl font-bold">Delivery Complete!</h2>
        <p role="status">Great job! The customer has been notified.</p>
        <Link to="/driver/dashboard" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Return to Dashboard
        </Link>
      </CardContent>
    </Card>
  );
}
