import { useQuery } from '@tanstack/react-query';
import MapPinned from 'lucide-react/icons/map-pinned';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Truck from 'lucide-react/icons/truck';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '../lib/router';
import {
  DISPATCH_MAP_MESSAGES as MSG,
  type DispatchDriver,
  type DispatchJob,
} from '../../domain/contracts/admin/dispatch-map';
import { call } from '../lib/call';
import { cn } from '../lib/cn';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatClockTime, formatTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import {
  type AreaCircle,
  type AreaMarker,
  type AreaMarkerKind,
  AreaCircleIcon,
  AreaMap,
  AreaMarkerIcon,
} from '../ui/map/area-map';
import { PageLoading } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';

/** The live events refresh the map (admin-live.ts); this re-read is only the fallback. */
const FALLBACK_REFETCH_MS = 60_000;
/** Waits count on in the browser between reads. */
const TICK_MS = 15_000;

const MAP_TITLE = 'Map of open jobs and online drivers';
const LEGEND: { kind: AreaMarkerKind; label: string }[] = [
  { kind: 'job-waiting', label: 'Job waiting for a driver' },
  { kind: 'job-taken', label: 'Job with a driver' },
  { kind: 'driver-free', label: 'Driver free' },
  { kind: 'driver-busy', label: 'Driver on a job' },
];
const VEHICLE = { bike: 'Bike', scooter: 'Scooter', car: 'Car' } as const;

function waitedText(minutes: number): string {
  return minutes < 1 ? 'Waiting under a minute' : `Waiting ${minutes} min`;
}

function jobLines(job: DispatchJob, waited: number): string[] {
  if (job.status === 'available') {
    // The dispatcher's offer, declines and the board (docs/decisions/0273-dispatcher-offers-in-the-product.md).
    const left = job.offer ? Math.max(0, Math.ceil((Date.parse(job.offer.expiresAt) - Date.now()) / 1000)) : 0;
    return [
      waitedText(waited),
      `Offered ${formatTime(job.offeredAt)}`,
      `Reach ${job.reachMiles} miles`,
      ...(job.offer
        ? [
            job.offer.stackedWith
              ? `Offered to ${job.offer.driverName} stacked with order ${job.offer.stackedWith}, ${left} s left`
              : `Offered to ${job.offer.driverName}, ${left} s left`,
          ]
        : []),
      ...job.declines.map((d) => `Declined by ${d.driverName}: ${d.reason}`),
      ...(job.boardAt ? [`On the board since ${formatTime(job.boardAt)}`] : []),
    ];
  }
  const who = job.driver?.name ?? 'The driver';
  const doing = job.status === 'assigned' ? `${who} is heading to the restaurant` : `${who} is delivering`;
  return [
    doing,
    ...(job.takenAt ? [`Taken ${formatTime(job.takenAt)}`] : []),
    // docs/decisions/0282-stacked-orders-and-chaining.md
    ...(job.stack ? [`Stacked with order ${job.stack.withOrder}: drop ${job.stack.dropPosition} of 2`] : []),
  ];
}

function positionText(d: DispatchDriver): string {
  switch (d.positionSource) {
    case 'delivery':
      return `Shared on a delivery at ${formatTime(d.positionAt!)}`;
    case 'board':
      return `Shared for the jobs board at ${formatTime(d.positionAt!)}`;
    case 'postcode':
      return `Postcode centre (${d.postcode ?? '-'})`;
    default:
      return MSG.noPosition;
  }
}

/** A list item's "Show on map" toggle: pressed rings the item on the map. */
function ShowOnMap({
  pressed,
  drawn,
  name,
  onToggle,
}: {
  pressed: boolean;
  drawn: boolean;
  name: string;
  onToggle: () => void;
}) {
  if (!drawn) return null;
  return (
    <Button size="sm" variant="outline" aria-pressed={pressed} aria-label={`Show on map: ${name}`} onClick={onToggle}>
      Show on map
    </Button>
  );
}

/** One of the two lists beside the map: a card with its count, an empty state, or the rows. */
function DispatchList({
  id,
  title,
  empty,
  children,
}: {
  id: 'jobs' | 'drivers';
  title: string;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`dispatch-${id}-heading`}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ?? (
          <ul aria-labelledby={`dispatch-${id}-heading`} className="grid gap-3" data-testid={`dispatch-${id}`}>
            {children}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A row of a list: its map marker, what it says, and the toggle that picks it out on the map. */
function DispatchRow({
  marker,
  selected,
  show,
  children,
  ...data
}: {
  marker: AreaMarkerKind;
  selected: boolean;
  show: ReactNode;
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  return (
    <li
      {...data}
      className={cn(
        'flex items-start gap-3 rounded-md border border-border p-3',
        selected && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <AreaMarkerIcon kind={marker} />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">{children}</div>
      {show}
    </li>
  );
}

/**
 * /admin/dispatch (super_admin, ops_manager; docs/product/admin.md#dispatch-map): open delivery jobs
 * with their reach circles and the online drivers on one map, with both as lists beside it. Live:
 * the back office's one admin-topic stream (admin-live.ts) marks this query stale on every job,
 * widening, availability and position event (docs/decisions/0170-ops-dispatch-map.md).
 */
export function DispatchPage() {
  useDocumentTitle(MSG.title);
  const map = useQuery({
    queryKey: adminKeys.dispatch,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminDispatch, { signal }),
    refetchInterval: FALLBACK_REFETCH_MS,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const toggle = (id: string) => setSelected((current) => (current === id ? null : id));

  return (
    <div className="grid gap-6">
      <AdminHeader
        title={MSG.title}
        note={
          <>
            {MSG.note}
            {map.data ? (
              <span className="block text-sm" data-testid="dispatch-updated">
                Updated {formatClockTime(new Date(map.dataUpdatedAt))}
              </span>
            ) : null}
          </>
        }
        actions={
          <Button variant="outline" onClick={() => void map.refetch()} disabled={map.isFetching}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {map.isPending ? (
        <PageLoading label={MSG.loading} />
      ) : map.isError ? (
        <LoadFailed title={MSG.loadFailed} message={map.error.message} onRetry={() => void map.refetch()} />
      ) : (
        <DispatchView
          data={map.data}
          // The server's clock minus the browser's when it answered: waits count on in server time.
          skewMs={Date.parse(map.data.at) - map.dataUpdatedAt}
          now={now}
          selected={selected}
          onToggle={toggle}
        />
      )}
    </div>
  );
}

function DispatchView({
  data,
  skewMs,
  now,
  selected,
  onToggle,
}: {
  data: { jobs: DispatchJob[]; drivers: DispatchDriver[] };
  skewMs: number;
  now: number;
  selected: string | null;
  onToggle: (id: string) => void;
}) {
  const { jobs, drivers } = data;
  const waitedOf = (job: DispatchJob) =>
    Math.max(job.waitedMinutes, Math.floor((now + skewMs - Date.parse(job.offeredAt)) / 60_000));
  const waiting = jobs.filter((j) => j.status === 'available');

  const markers: AreaMarker[] = [
    ...jobs.flatMap((j) =>
      j.pickup
        ? [
            {
              id: j.id,
              kind: j.status === 'available' ? ('job-waiting' as const) : ('job-taken' as const),
              label: j.orderNumber,
              position: j.pickup,
            },
          ]
        : [],
    ),
    ...drivers.flatMap((d) =>
      d.position
        ? [
            {
              id: d.id,
              kind: d.onJob ? ('driver-busy' as const) : ('driver-free' as const),
              label: d.name,
              position: d.position,
            },
          ]
        : [],
    ),
  ];
  const circles: AreaCircle[] = waiting.flatMap((j) =>
    j.pickup && j.reachMiles !== null ? [{ id: j.id, centre: j.pickup, radiusMiles: j.reachMiles }] : [],
  );
  const busy = drivers.filter((d) => d.onJob).length;
  const description =
    `${MAP_TITLE}: ${waiting.length} ${waiting.length === 1 ? 'job' : 'jobs'} waiting for a driver, ` +
    `${jobs.length - waiting.length} with a driver, ${drivers.length} ${drivers.length === 1 ? 'driver' : 'drivers'} ` +
    `online (${busy} on a job). Dashed circles show how far each waiting job reaches. ` +
    'The lists beside the map give every job and driver in words.';

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="dispatch-map-heading" className="grid content-start gap-3">
        <h2 id="dispatch-map-heading" className="text-lg font-semibold">
          {MAP_TITLE}
        </h2>
        {markers.length ? (
          <AreaMap description={description} markers={markers} circles={circles} selectedId={selected} />
        ) : (
          <EmptyState icon={<MapPinned aria-hidden="true" />} title="Nothing to draw yet" headingLevel={3}>
            No open job or online driver has a map position.
          </EmptyState>
        )}
        <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {LEGEND.map((l) => (
            <li key={l.kind} className="flex items-center gap-2">
              <AreaMarkerIcon kind={l.kind} />
              {l.label}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <AreaCircleIcon />
            Reach of a waiting job
          </li>
        </ul>
      </section>

      <div className="grid content-start gap-6">
        <DispatchList
          id="jobs"
          title={`Open jobs (${jobs.length})`}
          empty={
            jobs.length === 0 ? (
              <EmptyState title={MSG.noJobs} headingLevel={3} className="py-6">
                {MSG.noJobsNote}
              </EmptyState>
            ) : null
          }
        >
          {jobs.map((j) => (
            <DispatchRow
              key={j.id}
              data-job={j.orderNumber}
              marker={j.status === 'available' ? 'job-waiting' : 'job-taken'}
              selected={selected === j.id}
              show={
                <ShowOnMap
                  pressed={selected === j.id}
                  drawn={!!j.pickup}
                  name={`job ${j.orderNumber}`}
                  onToggle={() => onToggle(j.id)}
                />
              }
            >
              <Link
                to={`/admin/orders/${j.orderNumber}`}
                className="font-semibold text-primary underline-offset-4 hover:underline focus-visible:underline"
              >
                {j.orderNumber}
              </Link>
              <span>
                {j.branchName}
                {j.pickupPostcode ? ` · ${j.pickupPostcode}` : ''}
              </span>
              {jobLines(j, waitedOf(j)).map((line) => (
                <span key={line} className="text-muted-foreground">
                  {line}
                </span>
              ))}
              {j.pickup ? null : (
                <span className="text-muted-foreground">Not on the map: the branch has no map position</span>
              )}
            </DispatchRow>
          ))}
        </DispatchList>

        <DispatchList
          id="drivers"
          title={`Online drivers (${drivers.length})`}
          empty={
            drivers.length === 0 ? (
              <EmptyState icon={<Truck aria-hidden="true" />} title={MSG.noDrivers} headingLevel={3} className="py-6">
                {MSG.noDriversNote}
              </EmptyState>
            ) : null
          }
        >
          {drivers.map((d) => (
            <DispatchRow
              key={d.id}
              data-driver={d.id}
              marker={d.onJob ? 'driver-busy' : 'driver-free'}
              selected={selected === d.id}
              show={
                <ShowOnMap
                  pressed={selected === d.id}
                  drawn={!!d.position}
                  name={d.name}
                  onToggle={() => onToggle(d.id)}
                />
              }
            >
              <span className="font-semibold">{d.name}</span>
              <span>
                {d.onJob ? `On job ${d.onJob}` : 'Free'}
                {d.vehicleType ? ` · ${VEHICLE[d.vehicleType]}` : ''}
              </span>
              <span className="text-muted-foreground">Takes jobs within {d.radiusMiles} miles</span>
              <span className="text-muted-foreground">{positionText(d)}</span>
            </DispatchRow>
          ))}
        </DispatchList>
      </div>
    </div>
  );
}
