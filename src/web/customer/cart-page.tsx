import ArrowRight from 'lucide-react/icons/arrow-right';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Store from 'lucide-react/icons/store';
import Trash2 from 'lucide-react/icons/trash';
import { Link } from '../lib/router';
import { useCart } from '../lib/cart';
import { cn } from '../lib/cn';
import { formatDeliveryFee, formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useStickyFits } from '../lib/use-sticky-fits';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { QuantityStepper } from './quantity-stepper';
import { useCartRestaurant } from './use-cart-restaurant';
import { ServiceFeeRow, useServiceFee } from './service-fee';
import { optionsText } from '../../domain/menu-options';
import { useCanScheduleLater } from './schedule-choice';
import { useCheckoutQuote } from './checkout-quote';

/** /cart: the lines with quantity and remove, the summary and the way to checkout. */
export function CartPage() {
  useDocumentTitle('Your Cart');
  const { cart, setQuantity, remove } = useCart();
  const restaurant = useCartRestaurant(cart);
  // The summary stays in view while the lines scroll, unless it is taller than the screen.
  const [summaryRef, summaryFits] = useStickyFits<HTMLElement>(5);
  const serviceFee = useServiceFee(cart.totalMinor);
  // A closed branch may still take the order for later (docs/product/customer.md#cart).
  const closed = restaurant.isOpen === false;
  const canLater = useCanScheduleLater(cart.items[0]?.restaurantId ?? '', closed);
  // The offer and its saving as the server prices this cart for delivery, never worked out here
  // (docs/product/offers.md#where-customers-see-them).
  const { quote } = useCheckoutQuote(cart.items[0]?.restaurantId ?? '', 'DELIVERY', cart.items, cart.itemCount > 0);
  const offer = quote?.offer ?? null;
  const savingMinor = offer ? offer.discountMinor + offer.deliveryDiscountMinor : 0;

  if (cart.itemCount === 0) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your Cart</h1>
        <EmptyState
          icon={<ShoppingCart aria-hidden="true" />}
          title="Your cart is empty"
          action={
            <Link to="/" className={buttonClasses()}>
              Browse Restaurants
            </Link>
          }
        >
          Find a halal restaurant near you and add something delicious.
        </EmptyState>
      </div>
    );
  }

  const fee = restaurant.deliveryFeeMinor;
  const belowMinimum = cart.totalMinor < restaurant.minOrderMinor;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your Cart</h1>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Store aria-hidden="true" className="size-4" />
          From{' '}
          {restaurant.slug ? (
            <Link
              to={`/restaurant/${restaurant.slug}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {restaurant.name}
            </Link>
          ) : (
            <span className="font-medium text-foreground">{restaurant.name}</span>
          )}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <ul aria-label="Items in your cart" className="rounded-lg border border-border bg-card px-4 shadow-sm sm:px-6">
          {cart.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-3 border-b border-border py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold">{item.name}</p>
                {item.description ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
                ) : null}
                {item.options?.length ? (
                  <p className="text-sm text-muted-foreground">{optionsText(item.options, formatPrice)}</p>
                ) : null}
                <p className="text-sm text-muted-foreground">{formatPrice(item.priceMinor)} each</p>
              </div>
              <div className="flex items-center justify-between gap-3 sm:justify-end">
                <QuantityStepper value={item.quantity} onChange={(q) => setQuantity(item.id, q)} itemName={item.name} />
                <p className="w-20 text-right font-semibold tabular-nums">
                  {formatPrice(item.priceMinor * item.quantity)}
                </p>
                <Button variant="ghost" size="icon" aria-label={`Remove ${item.name}`} onClick={() => remove(item.id)}>
                  <Trash2 aria-hidden="true" className="text-destructive" />
                </Button>
              </div>
            </li>
          ))}
        </ul>

        <section
          ref={summaryRef}
          aria-labelledby="summary-title"
          className={cn(
            'grid gap-4 rounded-lg border border-border bg-card p-5 shadow-sm',
            summaryFits && 'lg:sticky lg:top-20',
          )}
        >
          <h2 id="summary-title" className="text-lg font-semibold">
            Order Summary
          </h2>
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatPrice(cart.totalMinor)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Delivery fee</dt>
              <dd className="tabular-nums">{fee === null ? '—' : formatDeliveryFee(fee)}</dd>
            </div>
            <ServiceFeeRow feeMinor={serviceFee} />
            {offer ? (
              <div className="flex justify-between gap-3 text-primary" data-testid="cart-offer">
                <dt>Offer: {offer.label}</dt>
                <dd className="tabular-nums">−{formatPrice(savingMinor)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatPrice(cart.totalMinor + (fee ?? 0) + serviceFee - savingMinor)}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted-foreground">
            Pickup orders have no delivery fee. You pay in cash on delivery or collection.
          </p>
          {belowMinimum ? (
            <Alert variant="warning">
              {restaurant.name} has a minimum order of {formatPrice(restaurant.minOrderMinor)}. Add{' '}
              {formatPrice(restaurant.minOrderMinor - cart.totalMinor)} more to check out.
            </Alert>
          ) : null}
          {closed && canLater ? (
            <Alert variant="warning">
              {restaurant.name} is closed right now. You can schedule your order for later.
            </Alert>
          ) : closed && canLater === false ? (
            <Alert variant="warning">{restaurant.name} is closed right now and cannot take your order yet.</Alert>
          ) : null}
          {belowMinimum ? (
            <Button size="lg" disabled>
              Proceed to Checkout
            </Button>
          ) : closed && canLater ? (
            <Link to="/checkout?when=later" className={buttonClasses({ size: 'lg' })}>
              Schedule for later
              <ArrowRight aria-hidden="true" />
            </Link>
          ) : (
            <Link to="/checkout" className={buttonClasses({ size: 'lg' })}>
              Proceed to Checkout
              <ArrowRight aria-hidden="true" />
            </Link>
          )}
          <Link
            to={restaurant.slug ? `/restaurant/${restaurant.slug}` : '/'}
            className={buttonClasses({ variant: 'outline', size: 'lg' })}
          >
            Continue Shopping
          </Link>
          {cart.items[0] && (
            <Link
              to={`/group/start/${cart.items[0].restaurantId}`}
              // A button's look, but its words wrap on a narrow phone (a button's single line would not fit 360 px).
              className="inline-flex min-h-12 items-center justify-center rounded-md px-4 py-2 text-center text-base font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              Order together: start a group order
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
