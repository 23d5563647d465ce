import MapPinOff from 'lucide-react/icons/map-pin-off';
import Store from 'lucide-react/icons/store';
import { Link } from '../lib/router';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed as UiLoadFailed } from '../ui/load-failed';

/** docs/product/partner.md#console: a page that needs a location, reached without one. */
export function NoSiteSelected({ hasSites = false }: { hasSites?: boolean }) {
  return (
    <EmptyState
      icon={<Store aria-hidden="true" />}
      title="No restaurant location selected"
      action={
        <Link to="/partner" className={buttonClasses({ variant: 'outline' })}>
          Back to Dashboard
        </Link>
      }
    >
      {hasSites ? 'Choose a location with the switcher at the top.' : 'Add a location to your brand first.'}
    </EmptyState>
  );
}

/** docs/product/partner.md#console: an unknown location (or one of another brand, which the server answers the same way). */
export function LocationNotFound() {
  return (
    <EmptyState
      icon={<MapPinOff aria-hidden="true" />}
      title="Location not found"
      action={
        <Link to="/partner" className={buttonClasses({ variant: 'outline' })}>
          Back to Dashboard
        </Link>
      }
    >
      It may have been deleted, or it belongs to a brand you do not work for.
    </EmptyState>
  );
}

/** A failed load with a way to try again. */
export function LoadFailed(props: { title: string; message?: string; onRetry?: () => void }) {
  return <UiLoadFailed {...props} retryLabel="Try again" />;
}
