import CalendarClock from 'lucide-react/icons/calendar-clock';
import type { OrderView } from '../../domain/contracts/orders/order-view';
import { londonTimeText } from '../../domain/schedule';

/**
 * An order for later on its order page (docs/product/customer.md#order-for-later): the slot and,
 * while it waits, when the restaurant starts on it.
 */
export function ScheduledCard({ scheduled }: { scheduled: NonNullable<OrderView['scheduled']> }) {
  return (
    <section
      aria-labelledby="scheduled-title"
      className="grid gap-2 rounded-lg border border-primary bg-primary-soft p-5 shadow-sm"
    >
      <h2 id="scheduled-title" className="flex items-center gap-2 text-base font-semibold">
        <CalendarClock aria-hidden="true" className="size-5 text-primary" />
        Order for later
      </h2>
      <p className="text-lg font-semibold" data-testid="scheduled-slot">
        {scheduled.text}
      </p>
      <p className="text-sm text-muted-foreground">
        {scheduled.waiting
          ? `The restaurant starts on it at about ${londonTimeText(new Date(scheduled.entersFlowAt))} (London time).`
          : 'The restaurant is on it now.'}
      </p>
    </section>
  );
}
