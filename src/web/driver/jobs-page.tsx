import { PageIntro } from '../ui/page-intro';

/** /driver/jobs (approved drivers). */
export function JobsPage() {
  return (
    <PageIntro
      title="Available Jobs"
      note="Delivery jobs in your postcode area will be listed here, refreshed live, with their pay and a button to accept."
    />
  );
}
