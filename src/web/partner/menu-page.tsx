import { PageIntro } from '../ui/page-intro';

/** /partner/menu (optional ?site=). */
export function MenuManagerPage() {
  return <PageIntro title="Menu Manager" note="Build your menu here: sections on the left, their items on the right, with prices, photos and availability." />;
}
