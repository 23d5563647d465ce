import { PageIntro } from '../ui/page-intro';

/** /driver/earnings (approved drivers; others go to /driver/login). */
export function EarningsPage() {
  return (
    <PageIntro
      title="Earnings"
      note="Your earnings summary, delivery history and cash-out of unpaid earnings will be shown here."
    />
  );
}
