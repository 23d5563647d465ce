import Ban from 'lucide-react/icons/ban';
import Bike from 'lucide-react/icons/bike';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Undo2 from 'lucide-react/icons/undo-2';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import { type OrderAction, isFinal } from '../../domain/order-flow';
import { ACTION_LABELS, STATUS_LABELS, isFindingDriver, partnerMayCancel } from '../../domain/partner-orders';
import { londonTimeText } from '../../domain/schedule';
import { formatPrice, formatTime } from '../lib/format';
import { cn } from '../lib/cn';
import { Button } from '../ui/button';
import { OrderStatusBadge } from './order-status-badge';
import type { ItemAvailability } from './use-item-availability';
import { optionsText } from '../../domain/menu-options';
import { formatPhone } from '../../domain/phone';

export type CardHandlers = {
  onAction: (order: PartnerOrder, action: OrderAction) => void;
  onUndo: (orderId: string) => void;
  /** Opens the cancel dialog (docs/product/partner.md#cancel-an-order). */
  onCancel: (order: PartnerOrder) => void;
};

const CANCELLED_BY: Record<NonNullable<PartnerOrder['cancellation']>['by'], string> = {
  customer: 'Cancelled by the customer',
  partner: 'Cancelled by the restaurant',
  ops: 'Cancelled by HalalNosh support',
  system: 'Cancelled',
};

/** Minutes since the order came in, for the kitchen's eye. */
export function minutesAgo(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
}

/** The partner's buttons for an order, straight from the state machine's answer. */
export function OrderActionButtons({
  order,
  pending,
  handlers,
  large = false,
}: {
  order: PartnerOrder;
  pending: OrderAction | undefined;
  handlers: CardHandlers;
  large?: boolean;
}) {
  const size = large ? 'lg' : 'sm';
  if (pending) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium" role="status">
          {ACTION_LABELS[pending]} in 5 s…
        </span>
        <Button size={size} variant={large ? 'secondary' : 'outline'} onClick={() => handlers.onUndo(order.id)}>
          <Undo2 aria-hidden="true" />
          Undo
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {(order.availableActions as OrderAction[]).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === 'reject' ? (large ? 'secondary' : 'outline') : 'default'}
          onClick={() => handlers.onAction(order, action)}
          aria-label={`${ACTION_LABELS[action]} ${order.orderNumber}`}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
      {isFindingDriver(order.status, order.orderType, !!order.driver) && (
        <Button size={size} variant="secondary" disabled>
          <Bike aria-hidden="true" />
          Finding driver
        </Button>
      )}
      {partnerMayCancel(order.status, order.orderType) && (
        <Button
          size={size}
          variant={large ? 'secondary' : 'outline'}
          className={large ? undefined : 'text-destructive'}
          onClick={() => handlers.onCancel(order)}
          aria-label={`Cancel order ${order.orderNumber}`}
        >
          <Ban aria-hidden="true" />
          Cancel order
        </Button>
      )}
    </div>
  );
}

/** One order in the console's lists: who, what, where, its status history and its actions. */
export function OrderCard({
  order,
  pending,
  handlers,
  now,
  arrived,
  availability,
}: {
  order: PartnerOrder;
  pending: OrderAction | undefined;
  handlers: CardHandlers;
  now: number;
  arrived: boolean;
  /** "Mark unavailable" on each line, for orders still in the kitchen's hands. */
  availability?: ItemAvailability;
}) {
  const active =
    order.availableActions.length > 0 ||
    isFindingDriver(order.status, order.orderType, !!order.driver) ||
    partnerMayCancel(order.status, order.orderType) ||
    !!pending;
  return (
    <article
      aria-label={`Order ${order.orderNumber}`}
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm',
        order.status === 'PENDING' && 'border-amber-400',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-bold">{order.orderNumber}</h3>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Clock aria-hidden="true" className="size-4" />
            {formatTime(order.createdAt)} · {minutesAgo(order.createdAt, now)} min ago
          </p>
          {order.scheduled ? (
            <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-primary">
              <CalendarClock aria-hidden="true" className="size-4" />
              {order.scheduled.text}
              {order.scheduled.waiting ? (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · moves to Active Orders at {londonTimeText(new Date(order.scheduled.entersFlowAt))}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold">
            {order.orderType === 'DELIVERY' ? (
              <Bike aria-hidden="true" className="size-3" />
            ) : (
              <ShoppingBag aria-hidden="true" className="size-3" />
            )}
            {order.orderType === 'DELIVERY' ? 'Delivery' : 'Pickup'}
          </span>
          <OrderStatusBadge status={order.status} />
        </div>
      </header>
      <ul className="grid gap-1 text-sm">
        {order.items.map((i, k) => (
          <li key={k} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <span>
              <span className="font-semibold">{i.quantity} ×</span> {i.name}
              {i.options.length ? (
                <span className="block text-xs text-muted-foreground">{optionsText(i.options, formatPrice)}</span>
              ) : null}
            </span>
            <span className="flex items-center gap-2">
              {availability && i.menuItemId && !isFinal(order.status) ? (
                availability.isUnavailable(i.menuItemId) ? (
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                    Unavailable
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-7 px-2 text-xs"
                    disabled={availability.busy === i.menuItemId}
                    onClick={() => void availability.markUnavailable(i.menuItemId!, i.name)}
                    aria-label={`Mark ${i.name} unavailable`}
                  >
                    Mark unavailable
                  </Button>
                )
              ) : null}
              <span className="text-muted-foreground">{formatPrice(i.lineTotalMinor)}</span>
            </span>
          </li>
        ))}
        <li className="flex justify-between gap-2 border-t border-border pt-1 font-semibold">
          <span>Total (cash)</span>
          <span>{formatPrice(order.totalMinor)}</span>
        </li>
      </ul>
      <div className="grid gap-1 text-sm">
        <p className="flex items-center gap-1">
          <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
          {order.customerName} ·{' '}
          <a href={`tel:${order.customerPhone.replace(/\s/g, '')}`}>{formatPhone(order.customerPhone)}</a>
        </p>
        {order.delivery ? (
          <p className="flex items-start gap-1">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span>
              {order.delivery.address}
              {order.delivery.postcode ? `, ${order.delivery.postcode}` : ''}
              {order.delivery.instructions ? (
                <span className="block text-muted-foreground">“{order.delivery.instructions}”</span>
              ) : null}
            </span>
          </p>
        ) : null}
        {order.prepTimeMinutes ? <p className="text-muted-foreground">Prep time {order.prepTimeMinutes} min</p> : null}
        {order.driver ? (
          <p>
            Driver: <span className="font-medium">{order.driver.name}</span>
            {order.driver.vehicleType ? ` (${order.driver.vehicleType})` : ''}
            {order.driver.phone ? ` · ${formatPhone(order.driver.phone)}` : ''}
            {arrived ? (
              <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                Driver has arrived
              </span>
            ) : null}
          </p>
        ) : null}
        {order.rejectionReason ? <p className="text-destructive">Rejected: {order.rejectionReason}</p> : null}
        {order.cancellation ? (
          <p className="text-destructive">
            {CANCELLED_BY[order.cancellation.by]}
            {order.cancellation.reason ? `: ${order.cancellation.reason}` : ''}
          </p>
        ) : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Status history</summary>
        <ol className="mt-2 grid gap-1">
          {order.statusHistory.map((h, k) => (
            <li key={k} className="flex gap-2">
              <span className="w-12 text-muted-foreground">{formatTime(h.at)}</span>
              <span className="font-medium">{STATUS_LABELS[h.status]}</span>
              {h.note ? <span className="text-muted-foreground">· {h.note}</span> : null}
            </li>
          ))}
        </ol>
      </details>
      {active ? <OrderActionButtons order={order} pending={pending} handlers={handlers} /> : null}
    </article>
  );
}
