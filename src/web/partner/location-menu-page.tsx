import { PageIntro } from '../ui/page-intro';

/** /partner/location-menu. */
export function LocationMenuPage() {
  return <PageIntro title="Location Menu" note="Switch each menu item on or off for this location here." />;
}
