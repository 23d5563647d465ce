import { DriverNotifications } from './driver-notifications';
import { useQueryClient } from '@tanstack/react-query';
import ChevronRight from 'lucide-react/icons/chevron-right';
import LogOut from 'lucide-react/icons/log-out';
import PoundSterling from 'lucide-react/icons/pound-sterling';
import { Link, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { signOut } from '../lib/auth';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { PageLoading } from '../ui/spinner';
import { setOnline, useDriverProfile } from './driver-api';
import { ActiveJobs, JobBanners, OfferList } from './job-lists';
import { OnlineToggle } from './online-toggle';
import { PostcodeForm } from './postcode-form';
import { useAreaJobs } from './use-area-jobs';
import { PushOptIn } from '../ui/push-opt-in';

/** docs/product/driver.md#dashboard: the dashboard shows 5 of the 10 jobs it fetches. */
const FETCHED = 10;
const SHOWN = 5;

function greeting(now = new Date()): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/London' }).format(now),
  );
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** /driver/dashboard (approved drivers): greeting, online switch, postcode, latest jobs, earnings, sign out. */
export function DriverDashboardPage() {
  useDocumentTitle('Driver Dashboard');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe().data?.user;
  const profile = useDriverProfile();
  const jobs = useAreaJobs(FETCHED);
  const name = profile.data?.firstName || me?.displayName || 'Driver';

  const onSignOut = async () => {
    await setOnline(queryClient, false).catch(() => undefined);
    try {
      await signOut(queryClient);
    } catch {
      toast.error('Sign out failed. Please try again.');
      return;
    }
    navigate('/driver/login', { replace: true });
  };

  if (profile.isPending) return <PageLoading />;
  if (profile.isError) return <Alert variant="destructive">Driver profile not found</Alert>;

  return (
    <div className="grid gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">
          {greeting()}, {name}
        </h1>
        <p className="text-muted-foreground">Salam! Ready to deliver?</p>
      </header>
      <OnlineToggle isOnline={profile.data.isOnline} />
      <PostcodeForm key={profile.data.currentPostcode ?? ''} current={profile.data.currentPostcode} />
      {jobs.data ? <ActiveJobs jobs={jobs.data.activeJobs} /> : null}
      <section aria-labelledby="latest-jobs" className="grid gap-3">
        <div className="flex items-center justify-between">
          <h2 id="latest-jobs" className="text-lg font-semibold">
            Available Jobs
          </h2>
          <Link to="/driver/jobs" className={buttonClasses({ variant: 'ghost' })}>
            View All
            <ChevronRight aria-hidden="true" />
          </Link>
        </div>
        {jobs.isPending ? (
          <PageLoading label="Loading jobs..." />
        ) : jobs.isError ? (
          <Alert variant="destructive">Failed to fetch available jobs</Alert>
        ) : (
          <>
            <JobBanners data={jobs.data} />
            <OfferList data={jobs.data} limit={SHOWN} />
          </>
        )}
      </section>
      <PushOptIn description="New jobs in your area while you are online, a job taken by someone else, and when an order is ready for pickup." />
      <DriverNotifications />
      <div className="grid grid-cols-2 gap-3">
        <Link to="/driver/earnings" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          <PoundSterling aria-hidden="true" />
          Earnings
        </Link>
        <Button variant="outline" size="lg" onClick={() => void onSignOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
