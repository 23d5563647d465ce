import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Clock from 'lucide-react/icons/clock';
import { useEffect, useState } from 'react';
import type { OrderView } from '../../domain/contracts/orders/order-view';
import { runningLate } from '../../domain/eta';
import { cn } from '../lib/cn';
import { formatTime } from '../lib/format';

const TICK_MS = 1000;

/** What a late order's page says while it waits (docs/product/customer.md#lateness). */
export const RUNNING_LATE = "Your order is running late. We're checking with the restaurant.";

/** "12:05" minutes and seconds left, or null once the moment has passed. */
export function countdownText(targetMs: number, nowMs: number): string | null {
  const left = Math.ceil((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The delivery (or pickup) estimate with a live countdown; lateness is said plainly (docs/product/customer.md#lateness). */
export function EtaCard({ eta, orderType }: { eta: NonNullable<OrderView['eta']>; orderType: OrderView['orderType'] }) {
  const now = useNow();
  const target = new Date(eta.currentEta).getTime();
  const left = countdownText(target, now);
  // Late as soon as the estimate has passed, by the server's own rule, not only once its check has run.
  const late = runningLate(
    {
      initialEta: new Date(eta.initialEta),
      currentEta: new Date(eta.currentEta),
      isLate: eta.isLate,
      csTicketCreated: eta.csTicketCreated,
    },
    new Date(now),
  );
  return (
    <section
      aria-labelledby="eta-title"
      className={cn(
        'grid gap-3 rounded-lg border p-5 shadow-sm',
        late ? 'border-amber-300 bg-accent' : 'border-border bg-card',
      )}
    >
      <h2
        id="eta-title"
        className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
      >
        <Clock aria-hidden="true" className="size-4" />
        {orderType === 'DELIVERY' ? 'Estimated delivery' : 'Estimated ready time'}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-4xl font-bold tabular-nums" aria-live="off">
          {left ?? (orderType === 'DELIVERY' ? 'Arriving now' : 'Ready now')}
        </p>
        <p className="text-sm text-muted-foreground">
          by <time dateTime={eta.currentEta}>{formatTime(eta.currentEta)}</time>
        </p>
      </div>
      {left ? <p className="sr-only">About {Math.ceil((target - now) / 60_000)} minutes left</p> : null}
      {late ? (
        <p role="status" className="flex items-start gap-2 text-sm font-medium text-accent-foreground">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Sorry, your order is taking longer than expected
            {eta.csTicketCreated ? '. Customer service has been notified about the delay.' : '.'} {RUNNING_LATE}
          </span>
        </p>
      ) : null}
    </section>
  );
}
