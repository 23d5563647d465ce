import { useQuery } from '@tanstack/react-query';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ReceiptText from 'lucide-react/icons/receipt-text';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { Link } from '../lib/router';
import type { z } from 'zod';
import type { listAccountOrdersResponse } from '../../domain/contracts/account/list-orders';
import { accountListLabel } from '../../domain/order-status-labels';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { cn } from '../lib/cn';
import { formatDateTime, formatPrice } from '../lib/format';
import { Button, buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { useReorder } from './use-reorder';

type AccountOrders = z.infer<typeof listAccountOrdersResponse>;

const PAGE_SIZE = 20;

function statusTone(status: string): string {
  if (status === 'REJECTED') return 'bg-destructive-soft text-destructive';
  if (status === 'DELIVERED' || status === 'COLLECTED') return 'bg-muted text-muted-foreground';
  return 'bg-primary-soft text-primary';
}

/** The Orders tab: the first 20 orders, newest first, each to its tracking page, with Re-order. */
export function AccountOrders() {
  const orders = useQuery({
    queryKey: ['account', 'orders'],
    queryFn: ({ signal }) =>
      call(endpoints.account.getAccountOrders, { query: { limit: PAGE_SIZE, offset: 0 }, signal }),
  });
  const reorder = useReorder();

  if (orders.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
        <Spinner className="size-5" />
        Loading your orders...
      </div>
    );
  }
  if (orders.isError) {
    return <LoadFailed inline title="Failed to load account data" onRetry={() => void orders.refetch()} />;
  }
  if (orders.data.orders.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptText aria-hidden="true" />}
        title="No orders yet"
        action={
          <Link to="/" className={buttonClasses()}>
            Browse Restaurants
          </Link>
        }
      >
        When you order, it shows up here so you can follow it and order it again.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-3" aria-label="Your orders">
        {orders.data.orders.map((o) => (
          <li
            key={o.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <Link
              to={`/order/${o.orderNumber}`}
              className="group flex min-w-0 flex-1 items-center justify-between gap-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold group-hover:text-primary">{o.siteName}</span>
                  <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusTone(o.status))}>
                    {accountListLabel(o.status, o.orderType)}
                  </span>
                </div>
                <p className="text-sm text-muted-foreground">
                  #{o.orderNumber} · <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time> ·{' '}
                  {o.orderType === 'DELIVERY' ? 'Delivery' : 'Pickup'}
                </p>
                {o.scheduled ? (
                  <p className="flex items-center gap-1.5 text-sm font-medium">
                    <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    <time dateTime={o.scheduled.start}>{o.scheduled.text}</time>
                  </p>
                ) : null}
              </div>
              <span className="flex shrink-0 items-center gap-1 font-semibold tabular-nums">
                {formatPrice(o.totalMinor)}
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </span>
            </Link>
            <Button
              variant="outline"
              onClick={() => reorder.reorder(o.orderNumber)}
              disabled={reorder.busy}
              aria-label={`Re-order ${o.siteName} order ${o.orderNumber}`}
              className="sm:self-center"
            >
              {reorder.busy && reorder.pendingFor === o.orderNumber ? (
                <Spinner className="size-4" />
              ) : (
                <RotateCcw aria-hidden="true" />
              )}
              Re-order
            </Button>
          </li>
        ))}
      </ul>
      {reorder.dialog}
    </>
  );
}
