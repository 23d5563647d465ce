import { useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Undo2 from 'lucide-react/icons/undo-2';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from '../lib/router';
import { toast } from '../lib/toast';
import type { JobDetailResponse } from '../../domain/contracts/driver/jobs';
import {
  ACTION_LABELS,
  DELIVERY_MESSAGES,
  type DeliveryAction,
  deliveryScreen,
  directionsUrl,
} from '../../domain/driver-flow';
import type { GeoPoint } from '../../domain/geo';
import { topicName } from '../../domain/topics';
import { isNotFound } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { cn } from '../lib/cn';
import { useLiveEvents } from '../lib/live';
import { uploadFile } from '../lib/upload';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { type MapPoint, RouteMap } from '../ui/map/route-map';
import { PageLoading, Spinner } from '../ui/spinner';
import { useTermsBeforeNewWork } from '../ui/terms-gate';
import { acceptErrorMessage, acceptJob } from './accept-job';
import { AddressCard, CompletedCard, JobDetailsCard, StepCard } from './delivery-cards';
import { type CashEntry, CashToCollect } from './cash-to-collect';
import { DeliveryCodeDialog } from './delivery-code-dialog';
import { JOB_REFRESH_MS, driverCashKey, driverKeys, fetchJob } from './driver-api';
import { LocationSharing } from './location-sharing';
import { PayBreakdown } from './pay-breakdown';
import { ProofPhotoDialog } from './proof-photo-dialog';
import { ReturnJobDialog } from './return-job-dialog';
import { StackCard } from './stack-card';
import { useJobProgress } from './use-job-progress';
import { useShareLocation } from './use-share-location';
import { formatPhone } from '../../domain/phone';

/** docs/product/driver.md#delivery-screen: a completed job returns to the dashboard after 2 seconds. */
const RETURN_AFTER_MS = 2000;

function openDirections(to: GeoPoint) {
  window.open(directionsUrl(to), '_blank', 'noopener,noreferrer');
}

/** Pickup, the driver's own position (from this phone) and the drop-off, in the order of the trip. */
function jobMapPoints(job: JobDetailResponse['job'], me: GeoPoint | null): MapPoint[] {
  const points: MapPoint[] = [
    {
      kind: 'restaurant',
      label: 'Pickup',
      detail: [job.restaurantName, job.pickupAddress, job.pickupPostcode].filter(Boolean).join(', '),
      position: job.pickupLocation,
    },
  ];
  if (me) points.push({ kind: 'driver', label: 'You', detail: 'Your current position', position: me });
  points.push({
    kind: 'delivery',
    label: 'Drop-off',
    detail: [job.deliveryAddress, job.deliveryPostcode].filter(Boolean).join(', ') || 'Shown once you accept the job',
    position: job.deliveryLocation,
  });
  return points;
}

/** /driver/delivery/{jobId} (approved drivers): one job from accepting to the proof photo (docs/product/driver.md#delivery-screen). */
export function DeliveryPage() {
  const { jobId = '' } = useParams();
  const queryClient = useQueryClient();
  const terms = useTermsBeforeNewWork();
  const navigate = useNavigate();
  const { progress, apply, clear } = useJobProgress(jobId);
  const [busy, setBusy] = useState<DeliveryAction | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [verifiedCode, setVerifiedCode] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);
  const returnTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(returnTimer.current), []);

  const query = useQuery({
    queryKey: driverKeys.job(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    // docs/product/driver.md#delivery-screen: the delivery page refreshes its job every 3 s until it is done.
    refetchInterval: (q) => (q.state.data?.job.status === 'completed' || q.state.error ? false : JOB_REFRESH_MS),
  });
  const job = query.data?.job;
  const sharingActive = !!job && job.isMine && (job.status === 'assigned' || job.status === 'picked_up');
  const sharing = useShareLocation(jobId, sharingActive);
  useDocumentTitle(job ? `Delivery ${job.orderNumber}` : 'Delivery in Progress');

  const refresh = () => void queryClient.invalidateQueries({ queryKey: driverKeys.job(jobId) });
  // Before accepting, the job's area tells of it being taken; after, the order's own topic.
  const topics = !job
    ? []
    : job.isMine
      ? [topicName.order(job.orderId)]
      : job.status === 'available'
        ? [topicName.jobs(job.pickupArea)]
        : [];
  const ifThisJob = (data: { jobId: string }) => {
    if (data.jobId === jobId) refresh();
  };
  useLiveEvents(topics, {
    enabled: topics.length > 0 && job?.status !== 'completed',
    refetch: [driverKeys.job(jobId)],
    // Everything on the order's topic is about this job's order.
    refetchOn: ['order.status', 'order.eta', 'order.rated', 'driver.assigned', 'driver.arrived', 'driver.position'],
    on: { 'job.created': ifThisJob, 'job.taken': ifThisJob, 'job.updated': ifThisJob },
  });

  if (query.isPending) return <PageLoading label="Loading job..." />;
  if (query.isError || !job) {
    const notFound = isNotFound(query.error);
    return (
      <EmptyState
        title={notFound ? DELIVERY_MESSAGES.jobNotFound : DELIVERY_MESSAGES.loadFailed}
        action={
          <Link to="/driver/dashboard" className={buttonClasses()}>
            Back to Dashboard
          </Link>
        }
      >
        {notFound
          ? 'This job has been taken by another driver, or it is not one you can see.'
          : 'Please check your connection and try again.'}
      </EmptyState>
    );
  }

  const screen = deliveryScreen(job, progress);
  const tellArrival = (at: 'pickup' | 'delivery') =>
    call(endpoints.dispatch.postDriverJobsByJobIdArrival, { params: { jobId }, body: { at } }).catch(() =>
      toast.error(DELIVERY_MESSAGES.updateFailed),
    );

  const run = async (action: DeliveryAction) => {
    switch (action) {
      case 'accept':
        setBusy(action);
        try {
          if (!(await terms.beforeNewWork())) return;
          await acceptJob(queryClient, jobId);
          toast.success('Job accepted');
        } catch (error) {
          if (terms.askAfterRefusal(error)) return;
          toast.error(acceptErrorMessage(error));
          refresh();
        } finally {
          setBusy(null);
        }
        return;
      case 'start_navigation':
        if (!job.pickupLocation) return void toast.error(DELIVERY_MESSAGES.noPickupLocation);
        openDirections(job.pickupLocation);
        toast('Opening navigation to restaurant...');
        return apply(action);
      case 'arrived_pickup':
        apply(action);
        return void tellArrival('pickup');
      case 'confirm_collection': {
        setBusy(action);
        try {
          const fresh = await queryClient.fetchQuery({
            queryKey: driverKeys.job(jobId),
            queryFn: () => fetchJob(jobId),
            staleTime: 0,
          });
          if (fresh.job.status === 'picked_up') toast.success('Order collected. Head to the customer.');
          else
            toast('Waiting for the restaurant', {
              description: 'Ask them to enter your pickup code to hand the order over.',
            });
        } catch {
          toast.error(DELIVERY_MESSAGES.updateFailed);
        } finally {
          setBusy(null);
        }
        return;
      }
      case 'navigate_customer':
        if (!job.deliveryLocation) return void toast.error('Delivery location not available');
        openDirections(job.deliveryLocation);
        toast('Opening navigation to customer...');
        return apply(action);
      case 'arrived_delivery':
        apply(action);
        return void tellArrival('delivery');
      case 'complete_delivery':
        return setCodeOpen(true);
      case 'return_dashboard':
        clear();
        return navigate('/driver/dashboard');
    }
  };

  // Rejects with the upload's or the completion's ApiError: the dialog shows it by its fields.
  const complete = async (jpeg: Blob, cash: CashEntry) => {
    if (!verifiedCode) throw new Error(DELIVERY_MESSAGES.invalidCode);
    const proof = await uploadFile(jpeg, {
      purpose: 'proof_of_delivery',
      filename: `delivery-proof-${jobId}-${Date.now()}.jpg`,
    });
    const res = await call(endpoints.dispatch.postDriverJobsByJobIdComplete, {
      params: { jobId },
      body: { code: verifiedCode, proofUploadId: proof.id, ...cash },
    });
    queryClient.setQueryData<JobDetailResponse>(driverKeys.job(jobId), { job: res.job });
    setVerifiedCode(null);
    clear();
    void queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
    void queryClient.invalidateQueries({ queryKey: driverKeys.earnings });
    void queryClient.invalidateQueries({ queryKey: driverCashKey });
    toast.success(DELIVERY_MESSAGES.completed);
    // In a stack, the next drop still to deliver is where the driver goes next (docs/product/driver.md#stacked-orders).
    const next = res.job.stack?.find((d) => d.jobId !== jobId && (d.status === 'assigned' || d.status === 'picked_up'));
    const to = next ? `/driver/delivery/${next.jobId}` : '/driver/dashboard';
    returnTimer.current = setTimeout(() => navigate(to), RETURN_AFTER_MS);
  };

  const actionButton = (action: DeliveryAction, main: boolean) => {
    const label = ACTION_LABELS[action];
    const isBusy = busy === action;
    return (
      <Button
        key={action}
        size="lg"
        variant={main ? 'default' : 'outline'}
        className={cn('w-full', main && 'h-14 text-lg')}
        disabled={!!busy}
        onClick={() => void run(action)}
      >
        {isBusy ? <Spinner className={cn('size-4', main && 'text-primary-foreground')} /> : null}
        {isBusy && label.busy ? label.busy : label.label}
      </Button>
    );
  };

  return (
    <div className="grid gap-4">
      <header className="grid gap-2">
        <Link
          to="/driver/dashboard"
          className={buttonClasses({ variant: 'ghost', className: 'justify-self-start px-2' })}
        >
          <ArrowLeft aria-hidden="true" />
          Dashboard
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Delivery in Progress</h1>
        <p className="text-muted-foreground">Order {job.orderNumber}</p>
      </header>

      {job.status === 'completed' ? <CompletedCard /> : <StepCard job={job} step={screen.step} />}
      {job.stack ? <StackCard drops={job.stack} currentJobId={job.id} /> : null}
      {job.isMine && (job.status === 'assigned' || job.status === 'picked_up') ? (
        <CashToCollect totalMinor={job.customerOrderTotalMinor} />
      ) : null}
      <section className="grid gap-2 rounded-lg border border-border bg-card p-4" aria-labelledby="job-map-title">
        <h2 id="job-map-title" className="font-semibold">
          Map
        </h2>
        <RouteMap
          title={`Map of delivery ${job.orderNumber}`}
          points={jobMapPoints(job, sharingActive ? sharing.position : null)}
        />
      </section>
      {sharingActive ? <LocationSharing state={sharing.state} onStart={sharing.start} onStop={sharing.stop} /> : null}
      <JobDetailsCard job={job} refreshing={query.isFetching} onRefresh={refresh} />
      <AddressCard
        title="Pickup"
        name={job.restaurantName}
        lines={[job.pickupAddress, job.pickupPostcode]}
        canNavigate={!!job.pickupLocation && job.status !== 'completed'}
        onNavigate={() =>
          job.pickupLocation ? openDirections(job.pickupLocation) : toast.error(DELIVERY_MESSAGES.noPickupLocation)
        }
      />
      <AddressCard
        title="Delivery"
        name={job.customerName}
        lines={[job.deliveryAddress, job.deliveryPostcode]}
        phone={job.customerPhone && formatPhone(job.customerPhone)}
        note={job.deliveryInstructions}
        canNavigate={!!job.deliveryLocation && job.status !== 'completed'}
        onNavigate={() => job.deliveryLocation && openDirections(job.deliveryLocation)}
      />
      <section className="rounded-lg border border-border bg-card p-4" aria-labelledby="pay-title">
        <h2 id="pay-title" className="mb-2 font-semibold">
          Your pay
        </h2>
        <PayBreakdown pay={job.pay} />
      </section>
      {!job.isMine && job.status !== 'available' ? <Alert>This job is assigned to another driver.</Alert> : null}
      {job.isMine && job.status === 'assigned' ? (
        // Before pickup only: afterwards the food is with the driver (docs/product/driver.md#cant-do-this-job).
        <Button variant="ghost" className="justify-self-start text-destructive" onClick={() => setReturning(true)}>
          <Undo2 aria-hidden="true" />
          Can&apos;t do this job
        </Button>
      ) : null}

      {screen.main && job.status !== 'completed' ? (
        <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 -mx-4 grid gap-2 border-t border-border bg-background/95 px-4 py-3 backdrop-blur">
          {screen.secondary.map((a) => actionButton(a, false))}
          {actionButton(screen.main, true)}
        </div>
      ) : null}

      <DeliveryCodeDialog
        jobId={jobId}
        open={codeOpen}
        onClose={() => setCodeOpen(false)}
        onVerified={(code) => {
          setCodeOpen(false);
          setVerifiedCode(code);
        }}
      />
      <ReturnJobDialog
        jobId={jobId}
        open={returning}
        onClose={() => setReturning(false)}
        onReturned={(message) => {
          setReturning(false);
          clear();
          void queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
          toast.success(message);
          navigate('/driver/jobs');
        }}
      />
      <ProofPhotoDialog
        open={!!verifiedCode}
        cashTotalMinor={job.customerOrderTotalMinor}
        onClose={() => setVerifiedCode(null)}
        onConfirm={complete}
      />
    </div>
  );
}
