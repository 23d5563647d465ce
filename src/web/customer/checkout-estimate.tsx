import { Clock } from 'lucide-react';
import { ESTIMATED_TIME_MINUTES, estimateWindow } from '../../domain/eta';
import type { OrderType } from '../../domain/order-flow';

/** The estimate window the order page starts from: 35-45 min for delivery, 20-30 for pickup (docs/product/customer.md#checkout). */
export function CheckoutEstimate({ orderType }: { orderType: OrderType }) {
  const window = estimateWindow(ESTIMATED_TIME_MINUTES[orderType]);
  return (
    <p className="flex items-center gap-2 text-sm">
      <Clock aria-hidden="true" className="size-4 text-primary" />
      <span>
        {orderType === 'DELIVERY' ? 'Estimated delivery' : 'Ready for collection in'}:{' '}
        <span className="font-semibold">{window.text}</span>
      </span>
    </p>
  );
}
