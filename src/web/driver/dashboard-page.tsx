import { Link } from 'react-router';
import { useMe } from '../lib/me';
import { buttonClasses } from '../ui/button';
import { PageIntro } from '../ui/page-intro';

/** /driver/dashboard (approved drivers). */
export function DriverDashboardPage() {
  const { data } = useMe();
  const name = data?.user?.displayName || data?.user?.name || 'Driver';
  return (
    <PageIntro
      title={`Salam, ${name}`}
      documentTitle="Driver Dashboard"
      note="Go online or offline, update your postcode and see the latest jobs near you here."
    >
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to="/driver/jobs" className={buttonClasses()}>
          View All Jobs
        </Link>
        <Link to="/driver/earnings" className={buttonClasses({ variant: 'outline' })}>
          Earnings
        </Link>
      </div>
    </PageIntro>
  );
}
