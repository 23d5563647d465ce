import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import type { ReorderResponse } from '../../domain/contracts/orders/reorder';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useCart } from '../lib/cart';
import { orderTokenHeaders } from '../lib/order-tokens';
import { ReplaceCartDialog } from './replace-cart-dialog';
import { lineId } from '../../domain/menu-options';
import { reorderMissingText, reorderNames, reorderOfferText } from './reorder-messages';

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
      // A line with options is the cart's own line of that item with those options, as the item dialog makes it.
      res.available.map((a) => ({
        id: lineId(
          a.menuItemId,
          a.options.map((o) => o.id),
        ),
        menuItemId: a.menuItemId,
        name: a.name,
        description: a.description,
        priceMinor: a.priceMinor,
        quantity: a.quantity,
        ...(a.options.length ? { options: a.options } : {}),
      })),
    );
    // The cart is priced again by the server; the offer's change since the order is said beside what was re-added.
    const offerText = reorderOfferText(res.offer);
    if (res.unavailable.length) {
      toast.warning(
        res.unavailable.some((l) => l.reason === 'options')
          ? 'Some items could not be re-added as they were'
          : 'Some items are no longer available',
        { description: [reorderMissingText(res.unavailable), offerText].filter(Boolean).join(' ') },
      );
    } else {
      toast.success('Added to your cart', {
        description: [`Your order from ${res.site.name} is ready to check out again.`, offerText]
          .filter(Boolean)
          .join(' '),
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
          description: res.unavailable.every((l) => l.reason === 'unavailable')
            ? `${res.site.name} no longer sells: ${reorderNames(res.unavailable)}.`
            : reorderMissingText(res.unavailable),
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
