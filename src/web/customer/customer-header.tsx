import Menu from 'lucide-react/icons/menu';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import User from 'lucide-react/icons/user';
import Users from 'lucide-react/icons/users';
import { Link } from '../lib/router';
import { useCart } from '../lib/cart';
import { greetingName, useMe } from '../lib/me';
import { buttonClasses } from '../ui/button';
import { DropdownMenu } from '../ui/dropdown-menu';

/*
 * The cart's name comes from its content, visible words first ("Cart 2" on screen, "Cart 2 items"
 * to a screen reader), so a voice user saying what they see finds it (WCAG 2.5.3, label in name).
 */
function itemsWord(count: number): string {
  return count === 1 ? 'item' : 'items';
}

/** The customer header: logo, greeting, account or sign-in, Partners and the cart (docs/product/customer.md#header). */
export function CustomerHeader() {
  const me = useMe();
  const user = me.data?.user ?? null;
  const cartCount = useCart().cart.itemCount;
  const greeting = user ? `Salam, ${greetingName(user)}` : null;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-primary">
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-primary text-sm text-primary-foreground"
          >
            HN
          </span>
          HalalNosh
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {greeting ? <span className="px-2 text-sm text-muted-foreground">{greeting}</span> : null}
          {me.isPending ? null : user ? (
            <Link to="/account" className={buttonClasses({ variant: 'ghost' })}>
              <User aria-hidden="true" />
              My Account
            </Link>
          ) : (
            <Link to="/auth" className={buttonClasses({ variant: 'ghost' })}>
              <User aria-hidden="true" />
              Sign In
            </Link>
          )}
          <Link to="/partners" className={buttonClasses({ variant: 'ghost' })}>
            <Users aria-hidden="true" />
            Partners
          </Link>
          <Link to="/cart" className={buttonClasses({ variant: 'outline', className: 'relative' })}>
            <ShoppingCart aria-hidden="true" />
            <span>Cart</span>{' '}
            <span className="ml-1 grid min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              {cartCount}
            </span>
            <span className="sr-only"> {itemsWord(cartCount)}</span>
          </Link>
        </nav>

        <div className="md:hidden">
          <DropdownMenu
            trigger={
              <>
                <Menu aria-hidden="true" />
                <span>Menu</span>
                {cartCount > 0 ? (
                  <>
                    {' '}
                    <span className="grid min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                      {cartCount}
                    </span>
                    <span className="sr-only"> {itemsWord(cartCount)} in cart</span>
                  </>
                ) : null}
              </>
            }
            items={[
              ...(greeting ? [{ kind: 'text' as const, label: greeting }] : []),
              user
                ? { kind: 'link' as const, label: 'My Account', to: '/account', icon: <User aria-hidden="true" /> }
                : { kind: 'link' as const, label: 'Sign In', to: '/auth', icon: <User aria-hidden="true" /> },
              { kind: 'link', label: 'Partners', to: '/partners', icon: <Users aria-hidden="true" /> },
              { kind: 'link', label: `Cart (${cartCount})`, to: '/cart', icon: <ShoppingCart aria-hidden="true" /> },
            ]}
          />
        </div>
      </div>
    </header>
  );
}
