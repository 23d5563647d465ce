import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import type { ReorderResponse } from '../../domain/contracts/orders/reorder';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useCart } from '../lib/cart';
import { orderTokenHeaders } from '../lib/order-tokens';
import { ReplaceCartDialog } from './replace-cart-dialog';

function names(lines: ReorderResponse['unavailable']): string {
  return lines.map((l) => l.name).join(', ');
}

/**
 * "Order Again" / "Re-order" (docs/product/customer.md#reorder): refills the cart with the order's items the branch still
 * sells, at today's price, says which are not, and goes to the cart. Another restaurant's cart is
 * only replaced after asking.
 */
export function useReorder() {
  const cart = useCart();
  const navigate = useNavigate();
  const [pending, setPending] = useState<ReorderResponse | null>(null);

  const apply = (res: ReorderResponse) => {
    cart.fill(
      { id: res.site.id, slug: res.site.slug, name: res.site.name, deliveryFeeMinor: null, minOrderMinor: 0 },
      res.available.map((a) => ({
        id: a.menuItemId,
        name: a.name,
        description: a.description,
        priceMinor: a.priceMinor,
        quantity: a.quantity,
      })),
    );
    if (res.unavailable.length) {
      toast.warning('Some items are no longer available', {
        description: `Not added to your cart: ${names(res.unavailable)}.`,
      });
    } else {
      toast.success('Added to your cart', {
        description: `Your order from ${res.site.name} is ready to check out again.`,
      });
    }
    navigate('/cart');
  };

  const mutation = useMutation({
    mutationFn: (orderNumber: string) =>
      call(endpoints.orders.postOrdersByOrderNumberReorder, {
        params: { orderNumber },
        headers: orderTokenHeaders(orderNumber),
      }),
    onSuccess: (res) => {
      if (res.available.length === 0) {
        toast.error('These items are no longer available', {
          description: `${res.site.name} no longer sells: ${names(res.unavailable)}.`,
        });
        return;
      }
      const current = cart.cart.items[0];
      if (current && current.restaurantId !== res.site.id) setPending(res);
      else apply(res);
    },
    onError: (error) => toast.error('Could not re-order', { description: error.message }),
  });

  const dialog = (
    <ReplaceCartDialog
      conflict={
        pending
          ? {
              currentRestaurantId: cart.cart.items[0]?.restaurantId ?? '',
              currentRestaurantName: cart.cart.items[0]?.restaurantName ?? '',
              newRestaurantId: pending.site.id,
              newRestaurantName: pending.site.name,
            }
          : null
      }
      onConfirm={() => {
        if (pending) apply(pending);
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );

  return {
    reorder: (orderNumber: string) => mutation.mutate(orderNumber),
    busy: mutation.isPending,
    pendingFor: mutation.variables,
    dialog,
  };
}
