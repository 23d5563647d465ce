import { PageIntro } from '../ui/page-intro';

/** /admin/settings (super_admin, ops_manager). */
export function AdminSettingsPage() {
  return <PageIntro title="Settings" note="General, delivery, driver pay, maintenance mode and notification settings will be edited here." />;
}
