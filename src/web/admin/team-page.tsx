import { PageIntro } from '../ui/page-intro';

/** /admin/team (super_admin, ops_manager). */
export function TeamPage() {
  return <PageIntro title="Team Management" note="Invite team members, revoke pending invites and activate or deactivate members here." />;
}
