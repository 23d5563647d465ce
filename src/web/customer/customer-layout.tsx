import { Link, Outlet } from 'react-router';
import { CustomerHeader } from './customer-header';

/** Customer pages: the header, the page and a small footer. Mobile first. */
export function CustomerLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <CustomerHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:py-10">
        <Outlet />
      </main>
      <footer className="border-t border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>HalalNosh: halal food delivery across the UK.</p>
          <nav aria-label="Footer" className="flex gap-4">
            <Link to="/restaurants/london" className="hover:text-foreground">
              London restaurants
            </Link>
            <Link to="/partners" className="hover:text-foreground">
              Partners
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
