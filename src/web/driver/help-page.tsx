import { HelpPage } from '../ui/help-requests';

/** /driver/help: the driver's requests to HalalNosh support and the answers (docs/product/driver.md#help). */
export function DriverHelpPage() {
  return <HelpPage note="Ask HalalNosh support about a job, your pay or the app." />;
}
