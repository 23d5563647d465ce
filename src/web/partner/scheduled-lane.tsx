import CalendarClock from 'lucide-react/icons/calendar-clock';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import { type CardHandlers, OrderCard } from './order-card';

/**
 * Orders for later waiting for their slot (docs/product/partner.md#scheduled-orders), soonest
 * first: not yet to accept, they move to Active Orders by themselves when it is time.
 */
export function ScheduledLane({
  orders,
  handlers,
  now,
}: {
  orders: PartnerOrder[];
  handlers: CardHandlers;
  now: number;
}) {
  return (
    <section aria-labelledby="scheduled-orders" className="grid content-start gap-3">
      <h2 id="scheduled-orders" className="flex items-center gap-2 text-xl font-semibold">
        <CalendarClock aria-hidden="true" className="size-5 text-primary" />
        Scheduled Orders <span className="text-muted-foreground">({orders.length})</span>
      </h2>
      {orders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
          No orders for later. They wait here until it is time to start them.
        </p>
      ) : (
        <div className="grid gap-3 xl:grid-cols-2">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} pending={undefined} handlers={handlers} now={now} arrived={false} />
          ))}
        </div>
      )}
    </section>
  );
}
