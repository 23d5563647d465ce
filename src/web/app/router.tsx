import type { ComponentType } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import type { AdminArea } from '../../domain/policies';
import { PageLoading } from '../ui/spinner';
import { RouteErrorScreen } from './error-screens';
import {
  RequireAdmin,
  RequireAdminArea,
  RequireApprovedDriver,
  RequireDriver,
  RequirePartner,
  RequireSignedIn,
} from './guards';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/** A route's component, loaded on first visit (each audience folder builds into its own chunk). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const customer = {
  layout: lazyPage(
    () => import('../customer/customer-layout'),
    (m) => m.CustomerLayout,
  ),
  home: lazyPage(
    () => import('../customer/home-page'),
    (m) => m.HomePage,
  ),
  london: lazyPage(
    () => import('../customer/london-page'),
    (m) => m.LondonPage,
  ),
  city: lazyPage(
    () => import('../customer/city-page'),
    (m) => m.CityPage,
  ),
  restaurant: lazyPage(
    () => import('../customer/restaurant-page'),
    (m) => m.RestaurantPage,
  ),
  cart: lazyPage(
    () => import('../customer/cart-page'),
    (m) => m.CartPage,
  ),
  checkout: lazyPage(
    () => import('../customer/checkout-page'),
    (m) => m.CheckoutPage,
  ),
  order: lazyPage(
    () => import('../customer/order-page'),
    (m) => m.OrderPage,
  ),
  auth: lazyPage(
    () => import('../customer/auth-page'),
    (m) => m.AuthPage,
  ),
  authCallback: lazyPage(
    () => import('../customer/auth-callback-page'),
    (m) => m.AuthCallbackPage,
  ),
  resetPassword: lazyPage(
    () => import('../customer/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  unsubscribe: lazyPage(
    () => import('../customer/unsubscribe-page'),
    (m) => m.UnsubscribePage,
  ),
  account: lazyPage(
    () => import('../customer/account-page'),
    (m) => m.AccountPage,
  ),
  partners: lazyPage(
    () => import('../customer/partners-page'),
    (m) => m.PartnersPage,
  ),
};

const partner = {
  login: lazyPage(
    () => import('../partner/partner-login-page'),
    (m) => m.PartnerLoginPage,
  ),
  layout: lazyPage(
    () => import('../partner/partner-layout'),
    (m) => m.PartnerLayout,
  ),
  dashboard: lazyPage(
    () => import('../partner/dashboard-page'),
    (m) => m.PartnerDashboardPage,
  ),
  createBrand: lazyPage(
    () => import('../partner/create-brand-page'),
    (m) => m.CreateBrandPage,
  ),
  createSite: lazyPage(
    () => import('../partner/create-site-page'),
    (m) => m.CreateSitePage,
  ),
  orders: lazyPage(
    () => import('../partner/orders-page'),
    (m) => m.PartnerOrdersPage,
  ),
  menu: lazyPage(
    () => import('../partner/menu-page'),
    (m) => m.MenuManagerPage,
  ),
  settings: lazyPage(
    () => import('../partner/settings-page'),
    (m) => m.BranchSettingsPage,
  ),
  location: lazyPage(
    () => import('../partner/location-page'),
    (m) => m.EditLocationPage,
  ),
  staff: lazyPage(
    () => import('../partner/staff-page'),
    (m) => m.StaffPage,
  ),
  locationMenu: lazyPage(
    () => import('../partner/location-menu-page'),
    (m) => m.LocationMenuPage,
  ),
  invite: lazyPage(
    () => import('../partner/invite-accept-page'),
    (m) => m.InviteAcceptPage,
  ),
};

const driver = {
  login: lazyPage(
    () => import('../driver/driver-login-page'),
    (m) => m.DriverLoginPage,
  ),
  onboarding: lazyPage(
    () => import('../driver/onboarding-page'),
    (m) => m.OnboardingPage,
  ),
  layout: lazyPage(
    () => import('../driver/driver-layout'),
    (m) => m.DriverLayout,
  ),
  dashboard: lazyPage(
    () => import('../driver/dashboard-page'),
    (m) => m.DriverDashboardPage,
  ),
  jobs: lazyPage(
    () => import('../driver/jobs-page'),
    (m) => m.JobsPage,
  ),
  earnings: lazyPage(
    () => import('../driver/earnings-page'),
    (m) => m.EarningsPage,
  ),
  delivery: lazyPage(
    () => import('../driver/delivery-page'),
    (m) => m.DeliveryPage,
  ),
};

const admin = {
  login: lazyPage(
    () => import('../admin/admin-login-page'),
    (m) => m.AdminLoginPage,
  ),
  layout: lazyPage(
    () => import('../admin/admin-layout'),
    (m) => m.AdminLayout,
  ),
  dashboard: lazyPage(
    () => import('../admin/dashboard-page'),
    (m) => m.AdminDashboardPage,
  ),
  drivers: lazyPage(
    () => import('../admin/drivers-page'),
    (m) => m.DriversPage,
  ),
  settings: lazyPage(
    () => import('../admin/settings-page'),
    (m) => m.AdminSettingsPage,
  ),
  team: lazyPage(
    () => import('../admin/team-page'),
    (m) => m.TeamPage,
  ),
  tickets: lazyPage(
    () => import('../admin/tickets-page'),
    (m) => m.TicketsPage,
  ),
  reports: lazyPage(
    () => import('../admin/reports-page'),
    (m) => m.ReportsPage,
  ),
  audit: lazyPage(
    () => import('../admin/audit-page'),
    (m) => m.AuditPage,
  ),
  notifications: lazyPage(
    () => import('../admin/notifications-page'),
    (m) => m.NotificationsPage,
  ),
  halal: lazyPage(
    () => import('../admin/halal-page'),
    (m) => m.HalalPage,
  ),
  orders: lazyPage(
    () => import('../admin/orders-page'),
    (m) => m.OrdersPage,
  ),
  order: lazyPage(
    () => import('../admin/order-page'),
    (m) => m.OrderPage,
  ),
  profile: lazyPage(
    () => import('../admin/profile-page'),
    (m) => m.ProfilePage,
  ),
  invite: lazyPage(
    () => import('../admin/invite-page'),
    (m) => m.AdminInvitePage,
  ),
};

/** An admin page behind its area's role check (docs/product/admin.md#roles). */
function adminRoute(path: string, area: AdminArea, lazy: RouteObject['lazy']): RouteObject {
  return { path: `admin/${path}`, element: <RequireAdminArea area={area} />, children: [{ index: true, lazy }] };
}

/** The full route table with its guards (the sign-in sections of docs/product/, and docs/product/admin.md#roles). */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: () => <PageLoading />,
    children: [
      {
        lazy: customer.layout,
        children: [
          { index: true, lazy: customer.home },
          { path: 'restaurants/london', lazy: customer.london },
          { path: 'restaurants/:citySlug', lazy: customer.city },
          { path: 'restaurant/:slug', lazy: customer.restaurant },
          { path: 'cart', lazy: customer.cart },
          { path: 'checkout', lazy: customer.checkout },
          { path: 'order/:id', lazy: customer.order },
          { path: 'auth', lazy: customer.auth },
          { path: 'auth/callback', lazy: customer.authCallback },
          { path: 'reset-password', lazy: customer.resetPassword },
          { path: 'unsubscribe', lazy: customer.unsubscribe },
          { path: 'partners', lazy: customer.partners },
          {
            element: <RequireSignedIn />,
            children: [
              { path: 'account', lazy: customer.account },
              { path: 'my-account', lazy: customer.account },
            ],
          },
        ],
      },
      { path: 'partner/login', lazy: partner.login },
      // A staff invitation link: open to visitors, who sign up or in there.
      { path: 'partner/invite', lazy: partner.invite },
      {
        path: 'partner',
        element: <RequirePartner />,
        children: [
          {
            lazy: partner.layout,
            children: [
              { index: true, lazy: partner.dashboard },
              { path: 'dashboard', lazy: partner.dashboard },
              { path: 'create-brand', lazy: partner.createBrand },
              { path: 'create-site', lazy: partner.createSite },
              { path: 'orders', lazy: partner.orders },
              { path: 'menu', lazy: partner.menu },
              { path: 'settings', lazy: partner.settings },
              { path: 'location/:siteId', lazy: partner.location },
              { path: 'staff', lazy: partner.staff },
              { path: 'location-menu', lazy: partner.locationMenu },
            ],
          },
        ],
      },
      { path: 'driver/login', lazy: driver.login },
      { element: <RequireDriver />, children: [{ path: 'driver/onboarding', lazy: driver.onboarding }] },
      {
        element: <RequireApprovedDriver notApproved="/driver/onboarding" />,
        children: [
          {
            lazy: driver.layout,
            children: [
              { path: 'driver/dashboard', lazy: driver.dashboard },
              { path: 'driver/jobs', lazy: driver.jobs },
              { path: 'driver/delivery/:jobId', lazy: driver.delivery },
            ],
          },
        ],
      },
      {
        element: <RequireApprovedDriver notApproved="/driver/login" />,
        children: [{ lazy: driver.layout, children: [{ path: 'driver/earnings', lazy: driver.earnings }] }],
      },
      { path: 'admin/login', lazy: admin.login },
      { path: 'admin/invite', lazy: admin.invite },
      {
        element: <RequireAdmin />,
        children: [
          {
            lazy: admin.layout,
            children: [
              adminRoute('dashboard', 'overview', admin.dashboard),
              adminRoute('drivers', 'drivers', admin.drivers),
              adminRoute('settings', 'settings', admin.settings),
              adminRoute('team', 'team', admin.team),
              adminRoute('orders', 'orders', admin.orders),
              adminRoute('orders/:orderNumber', 'orders', admin.order),
              adminRoute('tickets', 'tickets', admin.tickets),
              adminRoute('reports', 'reports', admin.reports),
              adminRoute('audit', 'audit', admin.audit),
              adminRoute('notifications', 'notifications', admin.notifications),
              adminRoute('halal', 'halal', admin.halal),
              adminRoute('profile', 'overview', admin.profile),
            ],
          },
        ],
      },
      {
        path: 'dev/mail',
        lazy: lazyPage(
          () => import('./dev-mail-page'),
          (m) => m.DevMailPage,
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
