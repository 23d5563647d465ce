import type { StackDrop } from '../../domain/contracts/driver/jobs';
import { Link } from '../lib/router';
import { buttonClasses } from '../ui/button';

const DROP_STATUS: Record<StackDrop['status'], string> = {
  available: 'Not yours yet',
  assigned: 'To pick up',
  picked_up: 'On board, to deliver',
  completed: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * A stacked job's two drops, in the order the customers are visited (docs/product/driver.md#stacked-orders),
 * each with its pickup code until it is collected; each drop is delivered from its own screen with its
 * own code and photo.
 */
export function StackCard({ drops, currentJobId }: { drops: StackDrop[]; currentJobId: string }) {
  return (
    <section
      className="grid gap-3 rounded-lg border-2 border-primary bg-card p-4"
      aria-labelledby="stack-title"
      data-testid="stack-card"
    >
      <h2 id="stack-title" className="font-semibold">
        Stacked order: {drops.length} drops
      </h2>
      <p className="text-sm text-muted-foreground">
        Collect both orders, then deliver them in this order. Each drop has its own delivery code and photo.
      </p>
      <ol className="grid gap-3">
        {drops.map((d) => {
          const here = d.jobId === currentJobId;
          return (
            <li
              key={d.jobId}
              className="grid gap-1 rounded-md border border-border p-3 text-sm"
              aria-current={here ? 'step' : undefined}
              data-testid="stack-drop"
            >
              <p className="font-medium">
                Drop {d.position}: order {d.orderNumber} ({d.restaurantName})
              </p>
              <p>{DROP_STATUS[d.status]}</p>
              {d.pickupCode ? (
                <p>
                  Pickup code{' '}
                  <span className="font-mono text-lg font-bold tracking-widest" data-testid="stack-pickup-code">
                    {d.pickupCode}
                  </span>
                </p>
              ) : null}
              {d.deliveryAddress ? (
                <p>
                  Deliver to {d.customerName ?? 'the customer'}, {d.deliveryAddress}
                  {d.deliveryPostcode ? `, ${d.deliveryPostcode}` : ''}
                </p>
              ) : null}
              {here ? (
                <p className="text-muted-foreground">This screen</p>
              ) : d.status === 'assigned' || d.status === 'picked_up' ? (
                <Link
                  to={`/driver/delivery/${d.jobId}`}
                  className={buttonClasses({ variant: 'outline', className: 'justify-self-start' })}
                >
                  Open drop {d.position}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
