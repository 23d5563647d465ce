import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import { useEffect, useId, useState } from 'react';
import { PUSH_STATE_TEXT, type PushState } from '../../domain/push';
import { readPushState, turnPushOff, turnPushOn } from '../lib/push';
import { cn } from '../lib/cn';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * The Web Push switch for this device (docs/decisions/0143-web-push.md), the same on the order
 * page, the account's Notifications tab, the driver app and the partner console: its state in words
 * (not supported, blocked, on, off) and one labelled button.
 */
export function PushOptIn({
  title = 'Notifications on this device',
  description,
  className,
}: {
  title?: string;
  /** What this audience is told by push. */
  description: string;
  className?: string;
}) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    readPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (to: 'on' | 'off') => {
    setBusy(true);
    setError(null);
    try {
      setState(to === 'on' ? await turnPushOn() : await turnPushOff());
    } catch {
      setError(
        to === 'on'
          ? 'Could not turn on notifications. Please try again.'
          : 'Could not turn off notifications. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className={cn('grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm', className)}
      data-testid="push-opt-in"
    >
      <div className="flex items-start gap-3">
        {state === 'on' ? (
          <Bell aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        ) : (
          <BellOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        )}
        <div className="grid gap-1">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
          <p role="status" aria-live="polite" className="text-sm font-medium" data-push-state={state ?? 'loading'}>
            {state === null ? 'Checking this browser...' : PUSH_STATE_TEXT[state]}
          </p>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      </div>
      {state === 'off' ? (
        <Button className="justify-self-start" onClick={() => void change('on')} disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : <Bell aria-hidden="true" />}
          Turn on notifications
        </Button>
      ) : state === 'on' ? (
        <Button variant="outline" className="justify-self-start" onClick={() => void change('off')} disabled={busy}>
          {busy ? <Spinner className="size-4" /> : <BellOff aria-hidden="true" />}
          Turn off notifications
        </Button>
      ) : null}
    </section>
  );
}
