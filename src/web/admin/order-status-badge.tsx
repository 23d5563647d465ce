import { CONSOLE_STATUS_LABELS } from '../../domain/order-console';
import type { OrderStatus } from '../../domain/order-flow';
import { Badge } from '../ui/badge';

const VARIANT: Record<OrderStatus, 'default' | 'secondary' | 'outline' | 'warning' | 'destructive'> = {
  PENDING: 'warning',
  ACCEPTED: 'secondary',
  DRIVER_ASSIGNED: 'secondary',
  PREPARING: 'secondary',
  READY: 'secondary',
  OUT_FOR_DELIVERY: 'default',
  DELIVERED: 'outline',
  COLLECTED: 'outline',
  REJECTED: 'destructive',
  CANCELLED: 'destructive',
};

/** An order's status in the back office's words (docs/product/admin.md#order-console). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANT[status]}>{CONSOLE_STATUS_LABELS[status]}</Badge>;
}
