import { PageIntro } from '../ui/page-intro';

/** /partner/staff. */
export function StaffPage() {
  return <PageIntro title="Staff Management" note="Invite staff to your brand and locations and follow their invitations here." />;
}
