import LocateFixed from 'lucide-react/icons/locate-fixed';
import { Button } from '../ui/button';
import type { ShareState } from './use-share-location';

/** Asks the driver before the phone's position is shared, and says plainly what happens with it. */
export function LocationSharing({
  state,
  onStart,
  onStop,
}: {
  state: ShareState;
  onStart: () => void;
  onStop: () => void;
}) {
  return (
    <section className="grid gap-2 rounded-lg border border-border bg-card p-4" aria-labelledby="share-location-title">
      <h2 id="share-location-title" className="flex items-center gap-2 font-semibold">
        <LocateFixed aria-hidden="true" className="size-5 text-primary" />
        Share your location
      </h2>
      <p className="text-sm text-muted-foreground">
        While this delivery is active, the customer sees where you are on their map once you are on the way. Only your
        latest position is kept, and it is deleted when the delivery is complete.
      </p>
      <p role="status" className="text-sm font-medium">
        {state === 'on'
          ? 'Sharing your location.'
          : state === 'asking'
            ? 'Waiting for your location...'
            : state === 'denied'
              ? 'Location access is blocked. The customer sees the addresses only; to share, allow location for this site in your browser settings.'
              : state === 'unsupported'
                ? 'This browser cannot share a location.'
                : 'Not sharing your location.'}
      </p>
      {state === 'off' ? (
        <Button variant="outline" onClick={onStart} className="justify-self-start">
          Share my location
        </Button>
      ) : state === 'unsupported' ? null : (
        <Button variant="ghost" onClick={onStop} className="justify-self-start">
          Stop sharing
        </Button>
      )}
    </section>
  );
}
