import Check from 'lucide-react/icons/check';
import type { OrderType } from '../../domain/order-flow';
import { type TrackerDriver, trackerPosition } from '../../domain/order-status-labels';
import { cn } from '../lib/cn';

/** The live progress steps of an order (docs/product/orders.md#labels: customer tracker steps). */
export function OrderProgress({
  status,
  orderType,
  driver = 'assigned',
}: {
  status: string;
  orderType: OrderType;
  /** Where the driver stands: without one the steps say so (never "Driver has arrived"). */
  driver?: TrackerDriver;
}) {
  const { steps, index, progress, finished } = trackerPosition(status, orderType, driver);
  const percent = Math.round(progress * 100);
  return (
    <div className="grid gap-4">
      <div
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={index >= 0 ? `Step ${index + 1} of ${steps.length}: ${steps[index].label}` : 'Not started'}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-700"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="grid gap-3">
        {steps.map((step, i) => {
          // A driver step passed by the kitchen's status without a driver is still to come.
          const waiting = !finished && i < index && !!step.waiting;
          const done = finished || (i < index && !waiting);
          const current = !finished && (i === index || waiting);
          return (
            <li
              key={step.status}
              className="flex items-center gap-3"
              aria-current={current && !waiting ? 'step' : undefined}
            >
              <span
                className={cn(
                  'grid size-8 shrink-0 place-items-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary bg-primary-soft text-primary',
                  !done && !current && 'border-border text-muted-foreground',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
              </span>
              <span
                className={cn(
                  'text-sm',
                  current ? 'font-semibold' : done ? 'text-foreground' : 'text-muted-foreground',
                )}
              >
                {step.label}
                {done ? (
                  <span className="sr-only"> (done)</span>
                ) : waiting ? (
                  <span className="sr-only"> (in progress)</span>
                ) : current ? (
                  <span className="sr-only"> (current)</span>
                ) : null}
              </span>
              {current ? (
                <span className="ml-auto size-2.5 animate-pulse rounded-full bg-primary" aria-hidden="true" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
