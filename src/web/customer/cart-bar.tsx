import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from '../lib/router';
import { useCart } from '../lib/cart';
import { formatPrice } from '../lib/format';

/** The sticky bar under the menu: item count, total and "View Cart" (docs/product/customer.md#restaurant-page). */
export function CartBar() {
  const { cart } = useCart();
  if (cart.itemCount === 0) return null;
  return (
    <div className="sticky bottom-3 z-30 mt-6 sm:bottom-6">
      <div
        role="region"
        aria-label="Your cart"
        className="mx-auto flex max-w-2xl items-center justify-between gap-3 rounded-full bg-foreground py-2 pl-5 pr-2 text-background shadow-xl"
      >
        <div className="flex min-w-0 items-center gap-3">
          <ShoppingBag aria-hidden="true" className="size-5 shrink-0" />
          <p className="truncate text-sm">
            <span className="font-semibold">
              {cart.itemCount} {cart.itemCount === 1 ? 'item' : 'items'}
            </span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, total </span>
            <span className="font-semibold">{formatPrice(cart.totalMinor)}</span>
          </p>
        </div>
        <Link
          to="/cart"
          className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-background focus-visible:ring-offset-2 focus-visible:ring-offset-foreground"
        >
          View Cart
        </Link>
      </div>
    </div>
  );
}
