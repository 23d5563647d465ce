import Flame from 'lucide-react/icons/flame';
import Leaf from 'lucide-react/icons/leaf';
import Plus from 'lucide-react/icons/plus';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { Suspense, lazy, useState } from 'react';
import { toast } from '../lib/toast';
import type { CartConflict } from '../../domain/cart';
import type { MenuItem, RestaurantDetail } from '../../domain/contracts/catalog/get-restaurant';
import { type CartLineInput, useCart } from '../lib/cart';
import { formatPrice } from '../lib/format';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { useHalalDetails } from './halal-panel';
import { QuantityStepper } from './quantity-stepper';
import { ReplaceCartDialog } from './replace-cart-dialog';
import { cartRestaurantOf } from './use-restaurant';

/**
 * The options dialog loads on the first dish with options a customer opens, not with the page: it
 * kept the restaurant page's scripts inside their budget (docs/decisions/0238-inline-boot-script-beside-the-budget.md).
 */
const ItemOptionsDialog = lazy(() => import('./item-options-dialog').then((m) => ({ default: m.ItemOptionsDialog })));

type Pending = { line: CartLineInput; quantity: number; conflict: CartConflict };

function addedMessage(quantity: number, name: string): string {
  return `${quantity}x ${name} added to your cart.`;
}

function MenuItemRow({
  item,
  onAdd,
  halal,
  inCart,
}: {
  item: MenuItem;
  onAdd: (item: MenuItem, quantity: number) => boolean;
  halal: boolean;
  /** How many of this dish the cart holds, over all its lines (each choice of options is a line). */
  inCart: number;
}) {
  const [quantity, setQuantity] = useState(0);
  const headingId = `menu-item-${item.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-b border-border py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" loading="lazy" className="size-20 shrink-0 rounded-md object-cover" />
        ) : null}
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={headingId} className="font-semibold">
              {item.name}
            </h4>
            {item.isVegetarian || item.isVegan ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                <Leaf aria-hidden="true" className="size-3" />
                {item.isVegan ? 'Vegan' : 'Vegetarian'}
              </span>
            ) : null}
            {halal ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                <ShieldCheck aria-hidden="true" className="size-3" />
                Halal
              </span>
            ) : null}
            {item.isSpicy ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-semibold text-destructive">
                <Flame aria-hidden="true" className="size-3" />
                Spicy
              </span>
            ) : null}
          </div>
          {item.description ? <p className="text-sm text-muted-foreground">{item.description}</p> : null}
          {item.allergens.length ? (
            <p className="text-xs text-muted-foreground">Contains: {item.allergens.join(', ')}</p>
          ) : null}
          <p className="hidden font-semibold text-primary sm:block">{formatPrice(item.priceMinor)}</p>
          {inCart > 0 ? (
            <p className="text-sm font-medium text-primary" data-testid="in-cart">
              {inCart} in your cart
            </p>
          ) : null}
        </div>
      </div>
      {/* Taps made before the page has hydrated count here (docs/decisions/0237-early-input-kept.md). */}
      <div className="flex shrink-0 items-center gap-2 sm:self-center" data-early-stepper="">
        <p className="mr-auto font-semibold text-primary sm:hidden" aria-hidden="true">
          {formatPrice(item.priceMinor)}
        </p>
        <QuantityStepper value={quantity} onChange={setQuantity} itemName={item.name} />
        <Button
          onClick={() => {
            if (quantity === 0 && !item.optionGroups.length) return;
            if (onAdd(item, quantity)) setQuantity(0);
          }}
          // Add without options is the stepper's step 0: enabled by the count before hydration.
          data-early-step={item.optionGroups.length ? undefined : '0'}
          // An item with options opens its dialog; one is the quantity when none was chosen.
          disabled={quantity === 0 && !item.optionGroups.length}
          aria-label={item.optionGroups.length ? `Add ${item.name}, choosing options` : `Add ${item.name} to cart`}
        >
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
    </li>
  );
}

/** The branch's menu by section, each item with a quantity stepper and Add (docs/product/customer.md#restaurant-page). */
export function RestaurantMenu({ restaurant }: { restaurant: RestaurantDetail }) {
  const cart = useCart();
  const [pending, setPending] = useState<Pending | null>(null);
  const [choosing, setChoosing] = useState<{ item: MenuItem; quantity: number } | null>(null);
  // Mounted from the first opening on, so closing it runs the dialog's own close (focus back).
  const [optionsOpened, setOptionsOpened] = useState(false);
  const sections = restaurant.menu?.sections.filter((s) => s.items.length > 0) ?? [];
  // Only when the restaurant says some items are halal does each item carry its own mark.
  const halal = useHalalDetails(restaurant.slug).data;
  const halalIds = halal?.facts?.halalScope === 'some_items' ? new Set(halal.halalItemIds) : null;

  // A dish added with options is its own cart line (menuItemId), so count by the dish, not the line.
  const inCart = new Map<string, number>();
  if (cart.cart.items[0]?.restaurantId === restaurant.id)
    for (const i of cart.cart.items) {
      const dish = i.menuItemId ?? i.id;
      inCart.set(dish, (inCart.get(dish) ?? 0) + i.quantity);
    }

  const addLine = (line: CartLineInput, quantity: number): boolean => {
    const outcome = cart.add(line, quantity, cartRestaurantOf(restaurant));
    if (outcome.ok) {
      toast.success(addedMessage(quantity, line.name));
      return true;
    }
    setPending({ line, quantity, conflict: outcome.conflict });
    return false;
  };

  const onAdd = (item: MenuItem, quantity: number): boolean => {
    if (item.optionGroups.length) {
      setOptionsOpened(true);
      setChoosing({ item, quantity: Math.max(1, quantity) });
      return true;
    }
    return addLine(
      { id: item.id, name: item.name, priceMinor: item.priceMinor, description: item.description },
      quantity,
    );
  };

  const confirmReplace = () => {
    if (!pending) return;
    cart.startNew(pending.line, pending.quantity, cartRestaurantOf(restaurant));
    toast.success(addedMessage(pending.quantity, pending.line.name));
    setPending(null);
  };

  return (
    <section aria-labelledby="menu-title" className="grid gap-4">
      <h2 id="menu-title" className="text-2xl font-bold tracking-tight">
        Menu
      </h2>
      {sections.length === 0 ? (
        <EmptyState icon={<UtensilsCrossed aria-hidden="true" />} title="Menu coming soon" headingLevel={3}>
          {restaurant.brandName} is still putting its menu together. Please check back soon.
        </EmptyState>
      ) : (
        <>
          {sections.length > 2 ? (
            <nav aria-label="Menu sections" className="-mx-4 overflow-x-auto px-4">
              <ul className="flex gap-2 pb-1">
                {sections.map((s) => (
                  <li key={s.id} className="shrink-0">
                    <a
                      href={`#section-${s.id}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-input bg-card px-4 text-sm font-medium hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {s.title || 'Other'}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {sections.map((section) => (
            <section
              key={section.id}
              id={`section-${section.id}`}
              aria-labelledby={`section-title-${section.id}`}
              className="scroll-mt-20"
            >
              <h3 id={`section-title-${section.id}`} className="mb-1 text-lg font-semibold">
                {section.title || 'Other'}
              </h3>
              <ul className="rounded-lg border border-border bg-card px-4 shadow-sm sm:px-6">
                {section.items.map((item) => (
                  <MenuItemRow
                    key={item.id}
                    item={item}
                    onAdd={onAdd}
                    halal={!!halalIds?.has(item.id)}
                    inCart={inCart.get(item.id) ?? 0}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      {optionsOpened && (
        <Suspense fallback={null}>
          <ItemOptionsDialog
            item={choosing?.item ?? null}
            quantity={choosing?.quantity ?? 1}
            onClose={() => setChoosing(null)}
            onConfirm={(line) => {
              const quantity = choosing?.quantity ?? 1;
              setChoosing(null);
              addLine(line, quantity);
            }}
          />
        </Suspense>
      )}
      <ReplaceCartDialog
        conflict={pending?.conflict ?? null}
        onConfirm={confirmReplace}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
