import { useEffect } from 'react';
import { type StoredCart, useCart } from '../lib/cart';
import { cartRestaurantOf, useRestaurant } from './use-restaurant';

/**
 * The branch facts the cart needs (fee, minimum order, open), fresh from the server when it answers,
 * else as stored with the cart. Keeps the stored copy current.
 */
export function useCartRestaurant(cart: StoredCart) {
  const { updateRestaurant } = useCart();
  const slug = cart.restaurant?.slug ?? '';
  const live = useRestaurant(slug, { enabled: Boolean(slug) });
  const fresh = live.restaurant && !live.fallback ? live.restaurant : null;
  useEffect(() => {
    if (fresh) updateRestaurant(cartRestaurantOf(fresh));
  }, [fresh, updateRestaurant]);
  const stored = cart.restaurant;
  return {
    name: fresh ? cartRestaurantOf(fresh).name : (stored?.name ?? cart.items[0]?.restaurantName ?? ''),
    slug,
    deliveryFeeMinor: fresh?.deliveryFeeMinor ?? stored?.deliveryFeeMinor ?? null,
    minOrderMinor: fresh?.minOrderMinor ?? stored?.minOrderMinor ?? 0,
    isOpen: fresh ? fresh.isOpen : null,
    /** The branch's city: a saved address from checkout falls back to it. */
    city: fresh?.city ?? null,
    loading: live.pending,
  };
}
