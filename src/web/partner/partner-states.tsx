import { AlertTriangle, MapPinOff, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';

/** A "nothing here" block: icon, title, a line of help and the way on. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
      {icon ? (
        <div className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground [&_svg]:size-7">
          {icon}
        </div>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="max-w-md text-sm text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}

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
export function LoadFailed({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  return (
    <Alert variant="destructive" className="grid gap-2">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" />
        {title}
      </p>
      {message ? <p>{message}</p> : null}
      {onRetry ? (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
