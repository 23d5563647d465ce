import { PageIntro } from '../ui/page-intro';

/** /partner/create-site. */
export function CreateSitePage() {
  return <PageIntro title="Add Location" note="Add a branch to your brand here: address, contact details, map position, delivery fee and delivery radius." />;
}
