import { useMutation, useQueryClient } from '@tanstack/react-query';
import Store from 'lucide-react/icons/store';
import XCircle from 'lucide-react/icons/circle-x';
import { useState } from 'react';
import type { OrderView } from '../../domain/contracts/orders/order-view';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatPrice } from '../lib/format';
import { orderTokenHeaders } from '../lib/order-tokens';
import { toast } from '../lib/toast';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { orderQueryKey } from './order-query';

/** As in domain/contracts/orders/switch-to-pickup.ts and domain/job-returns.ts (not imported: they would bring zod). */
const TEXTS = {
  title: 'Still looking for a driver',
  body: "We haven't found a driver for your order yet. You can collect it from the restaurant instead, or cancel it.",
  switched: 'Your order is now for pickup. The delivery fee has been removed.',
} as const;

/**
 * The no-driver state (docs/product/orders.md#no-driver-found): an honest notice with the two
 * choices. Switching to pickup is repriced by the server; the page shows the total it answers.
 */
export function NoDriverCard({ order, onCancel }: { order: OrderView; onCancel: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const switchToPickup = useMutation({
    mutationFn: () =>
      call(endpoints.orders.postOrdersByOrderNumberSwitchToPickup, {
        params: { orderNumber: order.orderNumber },
        body: {},
        headers: orderTokenHeaders(order.orderNumber),
      }),
    onSuccess: (res) => {
      queryClient.setQueryData(orderQueryKey(order.orderNumber), res);
      toast.success(TEXTS.switched);
      setConfirming(false);
    },
    onError: (err) => {
      // A driver may have taken the job meanwhile: the page refreshes and the choices go away.
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.orderNumber) });
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setConfirming(false);
    },
  });
  const newTotal = order.totalMinor - order.deliveryFeeMinor;

  return (
    <>
      <Alert variant="warning" aria-labelledby="no-driver-title" className="grid gap-3">
        <div className="grid gap-1">
          <p id="no-driver-title" className="font-semibold">
            {TEXTS.title}
          </p>
          <p>{TEXTS.body}</p>
          <p>
            Collect from {order.site.name}, {order.site.address}. New total {formatPrice(newTotal)} (no delivery fee).
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setConfirming(true)} disabled={switchToPickup.isPending}>
            <Store aria-hidden="true" />
            Switch to pickup
          </Button>
          <Button variant="outline" onClick={onCancel}>
            <XCircle aria-hidden="true" />
            Cancel order
          </Button>
        </div>
      </Alert>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Collect this order yourself?"
        description={`You will collect order #${order.orderNumber} from ${order.site.name}. The ${formatPrice(order.deliveryFeeMinor)} delivery fee is removed: your new total is ${formatPrice(newTotal)}, paid in cash at the restaurant.`}
        confirmLabel="Switch to pickup"
        destructive={false}
        busy={switchToPickup.isPending}
        onConfirm={() => switchToPickup.mutate()}
      />
    </>
  );
}
