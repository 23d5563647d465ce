import { PageIntro } from '../ui/page-intro';

/** /partner/settings. */
export function BranchSettingsPage() {
  return <PageIntro title="Branch Settings" note="Open or close your branch and set its name, phone, hours, delivery fee, radius and minimum order here." />;
}
