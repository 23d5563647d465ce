import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect, useState } from 'react';
import { Link } from '../lib/router';
import { Button, buttonClasses } from '../ui/button';
import { Spinner } from '../ui/spinner';

const SLOW_AFTER_MS = 3000;

/** Shown while a guard waits for GET /api/me: after 3 s it offers Retry and Sign In Again. */
export function AccountCheckScreen() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
        <Spinner className="size-10" />
        <p className="text-lg font-medium">{slow ? 'Still checking...' : 'Checking your account...'}</p>
      </div>
      {slow ? (
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Retry
          </Button>
          <Link to="/auth" className={buttonClasses()}>
            Sign In Again
          </Link>
        </div>
      ) : null}
    </main>
  );
}

/** Shown when the account check failed for good (server unreachable after its retries). */
export function AccountErrorScreen({ onRetry, message }: { onRetry: () => void; message?: string }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <div role="alert" className="grid gap-2">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          We could not check your account{message ? `: ${message}` : '.'} Please try again.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>Try Again</Button>
        <Link to="/auth" className={buttonClasses({ variant: 'outline' })}>
          Sign In Again
        </Link>
      </div>
    </main>
  );
}
