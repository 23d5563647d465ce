import CalendarClock from 'lucide-react/icons/calendar-clock';
import Clock from 'lucide-react/icons/clock';
import { ESTIMATED_TIME_MINUTES, estimateWindow } from '../../domain/eta';
import type { OrderType } from '../../domain/order-flow';
import { type SlotKind, scheduledEstimateText } from '../../domain/schedule';

/**
 * The estimate the order page starts from: 35-45 min for delivery, 20-30 for pickup, or the chosen
 * slot of an order for later (docs/product/customer.md#checkout).
 */
export function CheckoutEstimate({
  orderType,
  scheduled = null,
}: {
  orderType: OrderType;
  scheduled?: { start: string; kind: SlotKind } | null;
}) {
  if (scheduled) {
    const [label, rest] = scheduledEstimateText(orderType, scheduled).split(/: (.*)/s);
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="checkout-estimate">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          {label}: <span className="font-semibold">{rest}</span>
        </span>
      </p>
    );
  }
  const window = estimateWindow(ESTIMATED_TIME_MINUTES[orderType]);
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="checkout-estimate">
      <Clock aria-hidden="true" className="size-4 text-primary" />
      <span>
        {orderType === 'DELIVERY' ? 'Estimated delivery' : 'Ready for collection in'}:{' '}
        <span className="font-semibold">{window.text}</span>
      </span>
    </p>
  );
}
