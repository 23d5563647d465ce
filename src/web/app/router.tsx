import { type ComponentType, type ReactNode, Suspense, useMemo } from 'react';
import type { AdminArea } from '../../domain/policies';
import { type LazyPage, type RouteDef, lazyPage, matchRoutes, renderMatch, useLocation } from '../lib/router';
import { PageLoading } from '../ui/spinner';
import { AppErrorBoundary } from './error-screens';
import {
  HelpRedirect,
  RequireAdmin,
  RequireAdminArea,
  RequireApprovedDriver,
  RequireDriver,
  RequirePartner,
  RequireSignedIn,
} from './guards';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/**
 * Every page the router loads on first visit, by audience (each audience folder builds into its own
 * chunk: vite.config.ts), with the component its module exports.
 */
const PAGES = {
  customerLayout: () => import('../customer/customer-layout').then((m) => m.CustomerLayout),
  customerHome: () => import('../customer/home-page').then((m) => m.HomePage),
  customerLondon: () => import('../customer/london-page').then((m) => m.LondonPage),
  customerCity: () => import('../customer/city-page').then((m) => m.CityPage),
  customerRestaurant: () => import('../customer/restaurant-page').then((m) => m.RestaurantPage),
  customerCart: () => import('../customer/cart-page').then((m) => m.CartPage),
  customerCheckout: () => import('../customer/checkout-page').then((m) => m.CheckoutPage),
  customerOrder: () => import('../customer/order-page').then((m) => m.OrderPage),
  customerAuth: () => import('../customer/auth-page').then((m) => m.AuthPage),
  customerAuthCallback: () => import('../customer/auth-callback-page').then((m) => m.AuthCallbackPage),
  customerResetPassword: () => import('../customer/reset-password-page').then((m) => m.ResetPasswordPage),
  customerUnsubscribe: () => import('../customer/unsubscribe-page').then((m) => m.UnsubscribePage),
  customerAccount: () => import('../customer/account-page').then((m) => m.AccountPage),
  customerPartners: () => import('../customer/partners-page').then((m) => m.PartnersPage),
  group: () => import('../customer/group-order/group-order-page').then((m) => m.GroupPages),
  partnerLogin: () => import('../partner/partner-login-page').then((m) => m.PartnerLoginPage),
  partnerLayout: () => import('../partner/partner-layout').then((m) => m.PartnerLayout),
  partnerDashboard: () => import('../partner/dashboard-page').then((m) => m.PartnerDashboardPage),
  partnerCreateBrand: () => import('../partner/create-brand-page').then((m) => m.CreateBrandPage),
  partnerCreateSite: () => import('../partner/create-site-page').then((m) => m.CreateSitePage),
  partnerOrders: () => import('../partner/orders-page').then((m) => m.PartnerOrdersPage),
  partnerMenu: () => import('../partner/menu-page').then((m) => m.MenuManagerPage),
  partnerSettings: () => import('../partner/settings-page').then((m) => m.BranchSettingsPage),
  partnerLocation: () => import('../partner/location-page').then((m) => m.EditLocationPage),
  partnerStaff: () => import('../partner/staff-page').then((m) => m.StaffPage),
  partnerLocationMenu: () => import('../partner/location-menu-page').then((m) => m.LocationMenuPage),
  partnerHelp: () => import('../partner/help-page').then((m) => m.PartnerHelpPage),
  partnerStatements: () => import('../partner/statements-page').then((m) => m.StatementsPage),
  partnerOffers: () => import('../partner/offers-page').then((m) => m.OffersPage),
  partnerSignUp: () => import('../partner/partner-signup-page').then((m) => m.PartnerSignUpPage),
  partnerOnboarding: () => import('../partner/onboarding-page').then((m) => m.OnboardingPage),
  adminRestaurants: () => import('../admin/restaurants-page').then((m) => m.RestaurantsPage),
  partnerInvite: () => import('../partner/invite-accept-page').then((m) => m.InviteAcceptPage),
  driverLogin: () => import('../driver/driver-login-page').then((m) => m.DriverLoginPage),
  driverOnboarding: () => import('../driver/onboarding-page').then((m) => m.OnboardingPage),
  driverLayout: () => import('../driver/driver-layout').then((m) => m.DriverLayout),
  driverDashboard: () => import('../driver/dashboard-page').then((m) => m.DriverDashboardPage),
  driverJobs: () => import('../driver/jobs-page').then((m) => m.JobsPage),
  driverEarnings: () => import('../driver/earnings-page').then((m) => m.EarningsPage),
  driverHelp: () => import('../driver/help-page').then((m) => m.DriverHelpPage),
  driverDelivery: () => import('../driver/delivery-page').then((m) => m.DeliveryPage),
  adminLogin: () => import('../admin/admin-login-page').then((m) => m.AdminLoginPage),
  adminLayout: () => import('../admin/admin-layout').then((m) => m.AdminLayout),
  adminDashboard: () => import('../admin/dashboard-page').then((m) => m.AdminDashboardPage),
  adminDrivers: () => import('../admin/drivers-page').then((m) => m.DriversPage),
  adminSettings: () => import('../admin/settings-page').then((m) => m.AdminSettingsPage),
  adminTeam: () => import('../admin/team-page').then((m) => m.TeamPage),
  adminTickets: () => import('../admin/tickets-page').then((m) => m.TicketsPage),
  adminReports: () => import('../admin/reports-page').then((m) => m.ReportsPage),
  adminAudit: () => import('../admin/audit-page').then((m) => m.AuditPage),
  adminNotifications: () => import('../admin/notifications-page').then((m) => m.NotificationsPage),
  adminPayouts: () => import('../admin/payouts-page').then((m) => m.PayoutsPage),
  adminVouchers: () => import('../admin/vouchers-page').then((m) => m.VouchersPage),
  adminHalal: () => import('../admin/halal-page').then((m) => m.HalalPage),
  adminOrders: () => import('../admin/orders-page').then((m) => m.OrdersPage),
  adminOrder: () => import('../admin/order-page').then((m) => m.OrderPage),
  adminDispatch: () => import('../admin/dispatch-page').then((m) => m.DispatchPage),
  adminProfile: () => import('../admin/profile-page').then((m) => m.ProfilePage),
  adminInvite: () => import('../admin/invite-page').then((m) => m.AdminInvitePage),
  devMail: () => import('./dev-mail-page').then((m) => m.DevMailPage),
} satisfies Record<string, () => Promise<ComponentType>>;

/** Each page of the table as a component that loads its module when first rendered (or preloaded). */
const page = Object.fromEntries(Object.entries(PAGES).map(([name, load]) => [name, lazyPage(load)])) as Record<
  keyof typeof PAGES,
  LazyPage
>;

/** An admin page behind its area's role check (docs/product/admin.md#roles). */
function adminRoute(path: string, area: AdminArea, Component: LazyPage): RouteDef {
  return { path: `admin/${path}`, element: <RequireAdminArea area={area} />, children: [{ index: true, Component }] };
}

/** The full route table with its guards (the sign-in sections of docs/product/, and docs/product/admin.md#roles). */
export const routes: RouteDef[] = [
  {
    Component: RootLayout,
    children: [
      {
        Component: page.customerLayout,
        children: [
          { index: true, Component: page.customerHome },
          { path: 'restaurants/london', Component: page.customerLondon },
          { path: 'restaurants/:citySlug', Component: page.customerCity },
          { path: 'restaurant/:slug', Component: page.customerRestaurant },
          { path: 'cart', Component: page.customerCart },
          { path: 'checkout', Component: page.customerCheckout },
          { path: 'order/:id', Component: page.customerOrder },
          { path: 'auth', Component: page.customerAuth },
          { path: 'auth/callback', Component: page.customerAuthCallback },
          { path: 'reset-password', Component: page.customerResetPassword },
          { path: 'unsubscribe', Component: page.customerUnsubscribe },
          { path: 'partners', Component: page.customerPartners },
          { path: 'group/*', Component: page.group },
          { path: 'help', Component: HelpRedirect },
          {
            element: <RequireSignedIn />,
            children: [
              { path: 'account', Component: page.customerAccount },
              { path: 'my-account', Component: page.customerAccount },
            ],
          },
        ],
      },
      { path: 'partner/login', Component: page.partnerLogin },
      // A staff invitation link: open to visitors, who sign up or in there.
      { path: 'partner/invite', Component: page.partnerInvite },
      { path: 'partner/signup', Component: page.partnerSignUp },
      {
        path: 'partner',
        element: <RequirePartner />,
        children: [
          {
            Component: page.partnerLayout,
            children: [
              { index: true, Component: page.partnerDashboard },
              { path: 'dashboard', Component: page.partnerDashboard },
              { path: 'create-brand', Component: page.partnerCreateBrand },
              { path: 'create-site', Component: page.partnerCreateSite },
              { path: 'orders', Component: page.partnerOrders },
              { path: 'menu', Component: page.partnerMenu },
              { path: 'settings', Component: page.partnerSettings },
              { path: 'location/:siteId', Component: page.partnerLocation },
              { path: 'staff', Component: page.partnerStaff },
              { path: 'location-menu', Component: page.partnerLocationMenu },
              { path: 'help', Component: page.partnerHelp },
              { path: 'statements', Component: page.partnerStatements },
              { path: 'offers', Component: page.partnerOffers },
              { path: 'onboarding', Component: page.partnerOnboarding },
            ],
          },
        ],
      },
      { path: 'driver/login', Component: page.driverLogin },
      { element: <RequireDriver />, children: [{ path: 'driver/onboarding', Component: page.driverOnboarding }] },
      {
        element: <RequireApprovedDriver notApproved="/driver/onboarding" />,
        children: [
          {
            Component: page.driverLayout,
            children: [
              { path: 'driver/dashboard', Component: page.driverDashboard },
              { path: 'driver/jobs', Component: page.driverJobs },
              { path: 'driver/delivery/:jobId', Component: page.driverDelivery },
              { path: 'driver/help', Component: page.driverHelp },
            ],
          },
        ],
      },
      {
        element: <RequireApprovedDriver notApproved="/driver/login" />,
        children: [
          { Component: page.driverLayout, children: [{ path: 'driver/earnings', Component: page.driverEarnings }] },
        ],
      },
      { path: 'admin/login', Component: page.adminLogin },
      { path: 'admin/invite', Component: page.adminInvite },
      {
        element: <RequireAdmin />,
        children: [
          {
            Component: page.adminLayout,
            children: [
              adminRoute('dashboard', 'overview', page.adminDashboard),
              adminRoute('drivers', 'drivers', page.adminDrivers),
              adminRoute('settings', 'settings', page.adminSettings),
              adminRoute('team', 'team', page.adminTeam),
              adminRoute('orders', 'orders', page.adminOrders),
              adminRoute('orders/:orderNumber', 'orders', page.adminOrder),
              adminRoute('dispatch', 'dispatch', page.adminDispatch),
              adminRoute('tickets', 'tickets', page.adminTickets),
              adminRoute('reports', 'reports', page.adminReports),
              adminRoute('audit', 'audit', page.adminAudit),
              adminRoute('notifications', 'notifications', page.adminNotifications),
              adminRoute('payouts', 'payouts', page.adminPayouts),
              adminRoute('vouchers', 'vouchers', page.adminVouchers),
              adminRoute('halal', 'halal', page.adminHalal),
              adminRoute('restaurants', 'restaurants', page.adminRestaurants),
              adminRoute('profile', 'overview', page.adminProfile),
            ],
          },
        ],
      },
      { path: 'dev/mail', Component: page.devMail },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/**
 * The page of the current location inside its layouts, with the global error screen for a page that fails (cleared by
 * the next navigation) and a spinner while the first page's code loads; a later navigation keeps the page shown until
 * the next one's code is in (the router changes pages in a transition). `after` renders inside the page's Suspense
 * boundary after the page, so its effects run once the page's have (a hydrated page's marker, ssr/hydrate.tsx).
 */
export function AppRoutes({ after }: { after?: ReactNode } = {}) {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [pathname]);
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        {match ? renderMatch(match) : null}
        {after}
      </Suspense>
    </AppErrorBoundary>
  );
}

/** Loads the code of the pages a pathname shows, so a server-rendered page hydrates without waiting for it. */
export async function preloadPages(pathname: string): Promise<void> {
  const matched = matchRoutes(routes, pathname)?.routes ?? [];
  await Promise.all(matched.map((route) => (route.Component as Partial<LazyPage> | undefined)?.preload?.()));
}
