import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A load that failed, with a way to try again: the title bold above the reason (consoles), or with
 * `inline` one sentence with the button beside it (customer pages).
 */
export function LoadFailed({
  title,
  message,
  onRetry,
  retryLabel = 'Try Again',
  inline = false,
}: {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  /** Each audience's word for it: "Try Again" (customer), "Try again" (partner), "Retry" (admin). */
  retryLabel?: string;
  inline?: boolean;
}) {
  const retry = onRetry ? (
    <Button variant="outline" size={inline ? 'md' : 'sm'} onClick={onRetry}>
      <RefreshCw aria-hidden="true" />
      {retryLabel}
    </Button>
  ) : null;
  if (inline)
    return (
      <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
        <span>{title}</span>
        {retry}
      </Alert>
    );
  return (
    <Alert variant="destructive" className="grid gap-2">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" />
        {title}
      </p>
      {message ? <p>{message}</p> : null}
      {retry ? <div>{retry}</div> : null}
    </Alert>
  );
}
