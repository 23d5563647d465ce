import type { OrderStatus } from '../../domain/order-flow';
import { STATUS_LABELS } from '../../domain/partner-orders';
import { cn } from '../lib/cn';

const TONES: Record<OrderStatus, string> = {
  PENDING: 'bg-accent text-accent-foreground',
  ACCEPTED: 'bg-sky-100 text-sky-900',
  DRIVER_ASSIGNED: 'bg-sky-100 text-sky-900',
  PREPARING: 'bg-violet-100 text-violet-900',
  READY: 'bg-primary-soft text-primary',
  OUT_FOR_DELIVERY: 'bg-indigo-100 text-indigo-900',
  DELIVERED: 'bg-muted text-muted-foreground',
  COLLECTED: 'bg-muted text-muted-foreground',
  REJECTED: 'bg-destructive-soft text-destructive',
  CANCELLED: 'bg-destructive-soft text-destructive',
};

/** An order's status as a coloured pill with its words (never colour alone). */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
