import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageLoading } from '../ui/spinner';
import { ActiveJobs, JobBanners, OfferList } from './job-lists';
import { JobRadiusCard } from './job-radius-card';
import { useAreaJobs } from './use-area-jobs';

const FETCH_FAILED = 'Failed to fetch available jobs';

/** /driver/jobs (approved drivers): "Available Jobs" within the driver's radius, nearest first, live (docs/product/driver.md#jobs-board). */
export function JobsPage() {
  useDocumentTitle('Available Jobs');
  const jobs = useAreaJobs(10);
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Available Jobs</h1>
        {/* Busy, not disabled, while fetching: disabling the focused button would drop keyboard focus. */}
        <Button
          variant="outline"
          onClick={() => {
            if (!jobs.isFetching) void jobs.refetch();
          }}
          aria-disabled={jobs.isFetching || undefined}
          aria-label="Refresh jobs"
        >
          <RefreshCw aria-hidden="true" className={jobs.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {jobs.isPending ? (
        <PageLoading label="Loading jobs..." />
      ) : jobs.isError ? (
        <Alert variant="destructive">{FETCH_FAILED}</Alert>
      ) : (
        <>
          <JobBanners data={jobs.data} />
          <ActiveJobs jobs={jobs.data.activeJobs} />
          <JobRadiusCard data={jobs.data} />
          {jobs.data.centre ? (
            <p className="text-sm text-muted-foreground">
              Jobs within {jobs.data.radiusMiles} {jobs.data.radiusMiles === 1 ? 'mile' : 'miles'}, nearest first.
            </p>
          ) : null}
          <OfferList data={jobs.data} />
          {jobs.data.payRules.length ? (
            <details className="rounded-md border border-border bg-card p-4 text-sm">
              <summary className="cursor-pointer font-medium">How pay works</summary>
              <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
                {jobs.data.payRules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </div>
  );
}
