import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useCartCount } from '../lib/cart-storage';
import { buttonClasses } from '../ui/button';
import { PageIntro } from '../ui/page-intro';

/** /cart: the cart's lines and totals arrive with the cart issue; the empty state is the spec's. */
export function CartPage() {
  const count = useCartCount();
  return (
    <PageIntro title="Your Cart" documentTitle="Cart">
      {count === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center">
          <ShoppingCart aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg font-medium">Your cart is empty</p>
          <Link to="/" className={buttonClasses()}>
            Browse Restaurants
          </Link>
        </div>
      ) : (
        <p className="text-muted-foreground">
          {count} {count === 1 ? 'item' : 'items'} in your cart. Line items, quantities and the order summary will be shown here.
        </p>
      )}
    </PageIntro>
  );
}
