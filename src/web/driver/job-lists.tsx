import Inbox from 'lucide-react/icons/inbox';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useState } from 'react';
import { useNavigate } from '../lib/router';
import type { JobSummary, ListJobsResponse } from '../../domain/contracts/driver/jobs';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { JobCard } from './job-card';
import { JobDetailDialog } from './job-detail-dialog';

/** The driver's own jobs under way: one tap back into the delivery. */
export function ActiveJobs({ jobs }: { jobs: JobSummary[] }) {
  const navigate = useNavigate();
  if (!jobs.length) return null;
  return (
    <section aria-labelledby="active-jobs" className="grid gap-3">
      <h2 id="active-jobs" className="text-lg font-semibold">
        Your current {jobs.length === 1 ? 'delivery' : 'deliveries'}
      </h2>
      {jobs.map((job) => (
        <JobCard
          key={job.id}
          job={job}
          actionLabel="Continue delivery"
          onOpen={() => navigate(`/driver/delivery/${job.id}`)}
        />
      ))}
    </section>
  );
}

/** The offline and no-postcode banners (docs/product/driver.md#jobs-board). */
export function JobBanners({ data }: { data: ListJobsResponse }) {
  return (
    <>
      {!data.isOnline ? (
        <Alert variant="warning" className="flex items-start gap-2">
          <WifiOff aria-hidden="true" className="mt-0.5 shrink-0" />
          <span>You are offline. Go online on your dashboard to accept jobs.</span>
        </Alert>
      ) : null}
      {!data.centre ? (
        <Alert variant="warning" className="flex items-start gap-2">
          <MapPinOff aria-hidden="true" className="mt-0.5 shrink-0" />
          <span>Set your postcode on the dashboard to see jobs in your area.</span>
        </Alert>
      ) : null}
    </>
  );
}

/** Open offers with their detail dialog. */
export function OfferList({ data, limit }: { data: ListJobsResponse; limit?: number }) {
  const [open, setOpen] = useState<JobSummary | null>(null);
  const jobs = limit ? data.jobs.slice(0, limit) : data.jobs;
  if (!jobs.length) {
    return (
      <EmptyState icon={<Inbox aria-hidden="true" />} title="No jobs right now" headingLevel={3}>
        {data.centre
          ? `New jobs within ${data.radiusMiles} ${data.radiusMiles === 1 ? 'mile' : 'miles'} appear here as soon as restaurants accept orders.`
          : 'Set your postcode to see jobs.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-3">
        {jobs.map((job) => (
          <li key={job.id}>
            <JobCard job={job} onOpen={() => setOpen(job)} />
          </li>
        ))}
      </ul>
      <JobDetailDialog job={open} isOnline={data.isOnline} onClose={() => setOpen(null)} />
    </>
  );
}
