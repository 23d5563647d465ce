import { PageIntro } from '../ui/page-intro';

/** /admin/audit (super_admin). */
export function AuditPage() {
  return <PageIntro title="Audit Log" note="Every privileged action, who took it and when, will be listed here." />;
}
