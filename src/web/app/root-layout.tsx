import { Outlet, ScrollRestoration } from '../lib/router';
import { ConnectivityToasts } from './connectivity-toasts';

/** The frame around every page: the skip link, connectivity toasts and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground focus:shadow-lg"
      >
        Skip to content
      </a>
      <ConnectivityToasts />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
