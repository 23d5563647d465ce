import { Navigate, Outlet, useLocation } from '../lib/router';
import type { ReactNode } from 'react';
import { type AdminArea, canUseAdminArea } from '../../domain/policies';
import { type Me, useMe } from '../lib/me';
import { AccountCheckScreen, AccountErrorScreen } from './account-check';

/*
 * Route guards are a comfort for the user: they send people to the right sign-in page. The server
 * enforces every rule again on every API call.
 */

/** Resolves GET /api/me, showing the account-check or error screen until it is known. */
function WithMe({ children }: { children: (user: Me | null) => ReactNode }) {
  const me = useMe();
  if (me.isPending) return <AccountCheckScreen />;
  if (me.isError) return <AccountErrorScreen onRetry={() => void me.refetch()} message={me.error.message} />;
  return <>{children(me.data.user)}</>;
}

/**
 * True while a navigation away from `location` is under way: the router writes the address at once
 * and renders the next page in a transition, which waits for a lazy page's module. A guard of the page
 * being left must not redirect then (signing out leaves /account for / before the session ends; a
 * slow home chunk must not turn that into /auth?redirect=/account).
 */
function leaving(location: { pathname: string; search: string }): boolean {
  if (typeof window === 'undefined') return false;
  return window.location.pathname + window.location.search !== location.pathname + location.search;
}

/** Customer pages (/account, /my-account): any signed-in user; else /auth carrying the origin path. */
export function RequireSignedIn() {
  const location = useLocation();
  return (
    <WithMe>
      {(user) =>
        user ? (
          <Outlet />
        ) : leaving(location) ? null : (
          <Navigate replace to={`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`} />
        )
      }
    </WithMe>
  );
}

/**
 * /help (docs/product/customer.md#help): everyone's help lives with their own pages, so the address
 * people type or are given sends each to theirs: a customer to their account's Help tab, a driver or
 * partner to their Help page, back-office staff to Customer Service. A visitor signs in first and
 * comes back here, which then sends them on. `?request=` (a staff answer's link) is carried along.
 */
export function HelpRedirect() {
  const location = useLocation();
  const request = new URLSearchParams(location.search).get('request');
  const withRequest = (path: string, joiner: '?' | '&') =>
    request ? `${path}${joiner}request=${encodeURIComponent(request)}` : path;
  return (
    <WithMe>
      {(user) => {
        if (!user) {
          return <Navigate replace to={`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`} />;
        }
        if (user.adminRole) return <Navigate replace to="/admin/tickets" />;
        if (user.userType === 'driver') return <Navigate replace to={withRequest('/driver/help', '?')} />;
        if (user.userType === 'partner') return <Navigate replace to={withRequest('/partner/help', '?')} />;
        return <Navigate replace to={withRequest('/account?tab=help', '&')} />;
      }}
    </WithMe>
  );
}

/** Partner console: a partner account, else /partner/login. */
export function RequirePartner() {
  return (
    <WithMe>{(user) => (user?.userType === 'partner' ? <Outlet /> : <Navigate replace to="/partner/login" />)}</WithMe>
  );
}

/**
 * Driver pages: a signed-in, approved driver. Anyone else goes to /driver/login; a driver who is not
 * approved goes to `notApproved` (onboarding for jobs and deliveries, the login for earnings: docs/product/driver.md#sign-in).
 */
export function RequireApprovedDriver({ notApproved }: { notApproved: '/driver/onboarding' | '/driver/login' }) {
  return (
    <WithMe>
      {(user) => {
        if (!user || user.userType !== 'driver') return <Navigate replace to="/driver/login" />;
        if (user.status !== 'approved') return <Navigate replace to={notApproved} />;
        return <Outlet />;
      }}
    </WithMe>
  );
}

/** Driver onboarding: any driver account, approved or not; anyone else goes to /driver/login. */
export function RequireDriver() {
  return (
    <WithMe>{(user) => (user?.userType === 'driver' ? <Outlet /> : <Navigate replace to="/driver/login" />)}</WithMe>
  );
}

/** Back office: an admin role, else /admin/login. */
export function RequireAdmin() {
  return <WithMe>{(user) => (user?.adminRole ? <Outlet /> : <Navigate replace to="/admin/login" />)}</WithMe>;
}

/** One admin area: a role allowed there (ADMIN_AREAS), else /admin/dashboard. Sits inside RequireAdmin. */
export function RequireAdminArea({ area }: { area: AdminArea }) {
  return (
    <WithMe>
      {(user) => {
        if (!user?.adminRole) return <Navigate replace to="/admin/login" />;
        return canUseAdminArea(user.adminRole, area) ? <Outlet /> : <Navigate replace to="/admin/dashboard" />;
      }}
    </WithMe>
  );
}
