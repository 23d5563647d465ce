import { Link, Outlet } from '../lib/router';
import { CartProvider } from '../lib/cart';
import { usePlatformInfo } from '../lib/platform-info';
import { CustomerHeader } from './customer-header';

/**
 * Customer pages: the cart, the header, the page and a small footer (company name and support phone from
 * the platform settings). Mobile first. The page is at
 * least a screen tall, so the footer never starts in view and is pushed down when data arrives (CLS).
 */
export function CustomerLayout() {
  const platform = usePlatformInfo().data;
  return (
    <CartProvider>
      <div className="flex min-h-dvh flex-col">
        <CustomerHeader />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:py-10"
        >
          <Outlet />
        </main>
        <footer className="border-t border-border bg-card">
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1">
              <p>{platform?.companyName ?? 'HalalNosh'}: halal food delivery across the UK.</p>
              {platform ? (
                <p>
                  Support:{' '}
                  <a
                    href={`tel:${platform.supportPhone.replace(/[^+0-9]/g, '')}`}
                    className="underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {platform.supportPhone}
                  </a>
                </p>
              ) : null}
            </div>
            <nav aria-label="Footer" className="flex gap-4">
              <Link to="/restaurants/london" className="inline-flex min-h-11 items-center hover:text-foreground">
                London restaurants
              </Link>
              <Link to="/partners" className="inline-flex min-h-11 items-center hover:text-foreground">
                Partners
              </Link>
            </nav>
          </div>
        </footer>
      </div>
    </CartProvider>
  );
}
