import type { ComponentType } from 'react';
import { type HydrationState, type RouteObject, createBrowserRouter } from 'react-router';
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
  adminHalal: () => import('../admin/halal-page').then((m) => m.HalalPage),
  adminOrders: () => import('../admin/orders-page').then((m) => m.OrdersPage),
  adminOrder: () => import('../admin/order-page').then((m) => m.OrderPage),
  adminDispatch: () => import('../admin/dispatch-page').then((m) => m.DispatchPage),
  adminProfile: () => import('../admin/profile-page').then((m) => m.ProfilePage),
  adminInvite: () => import('../admin/invite-page').then((m) => m.AdminInvitePage),
  devMail: () => import('./dev-mail-page').then((m) => m.DevMailPage),
} satisfies Record<string, () => Promise<ComponentType>>;

/** Each page of the table as a route's `lazy` loader. */
const page = Object.fromEntries(
  Object.entries(PAGES).map(([name, load]) => [name, async () => ({ Component: await load() })]),
) as Record<keyof typeof PAGES, RouteObject['lazy']>;

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
        lazy: page.customerLayout,
        children: [
          { index: true, lazy: page.customerHome },
          { path: 'restaurants/london', lazy: page.customerLondon },
          { path: 'restaurants/:citySlug', lazy: page.customerCity },
          { path: 'restaurant/:slug', lazy: page.customerRestaurant },
          { path: 'cart', lazy: page.customerCart },
          { path: 'checkout', lazy: page.customerCheckout },
          { path: 'order/:id', lazy: page.customerOrder },
          { path: 'auth', lazy: page.customerAuth },
          { path: 'auth/callback', lazy: page.customerAuthCallback },
          { path: 'reset-password', lazy: page.customerResetPassword },
          { path: 'unsubscribe', lazy: page.customerUnsubscribe },
          { path: 'partners', lazy: page.customerPartners },
          {
            element: <RequireSignedIn />,
            children: [
              { path: 'account', lazy: page.customerAccount },
              { path: 'my-account', lazy: page.customerAccount },
            ],
          },
        ],
      },
      { path: 'partner/login', lazy: page.partnerLogin },
      // A staff invitation link: open to visitors, who sign up or in there.
      { path: 'partner/invite', lazy: page.partnerInvite },
      { path: 'partner/signup', lazy: page.partnerSignUp },
      {
        path: 'partner',
        element: <RequirePartner />,
        children: [
          {
            lazy: page.partnerLayout,
            children: [
              { index: true, lazy: page.partnerDashboard },
              { path: 'dashboard', lazy: page.partnerDashboard },
              { path: 'create-brand', lazy: page.partnerCreateBrand },
              { path: 'create-site', lazy: page.partnerCreateSite },
              { path: 'orders', lazy: page.partnerOrders },
              { path: 'menu', lazy: page.partnerMenu },
              { path: 'settings', lazy: page.partnerSettings },
              { path: 'location/:siteId', lazy: page.partnerLocation },
              { path: 'staff', lazy: page.partnerStaff },
              { path: 'location-menu', lazy: page.partnerLocationMenu },
              { path: 'help', lazy: page.partnerHelp },
              { path: 'statements', lazy: page.partnerStatements },
              { path: 'onboarding', lazy: page.partnerOnboarding },
            ],
          },
        ],
      },
      { path: 'driver/login', lazy: page.driverLogin },
      { element: <RequireDriver />, children: [{ path: 'driver/onboarding', lazy: page.driverOnboarding }] },
      {
        element: <RequireApprovedDriver notApproved="/driver/onboarding" />,
        children: [
          {
            lazy: page.driverLayout,
            children: [
              { path: 'driver/dashboard', lazy: page.driverDashboard },
              { path: 'driver/jobs', lazy: page.driverJobs },
              { path: 'driver/delivery/:jobId', lazy: page.driverDelivery },
              { path: 'driver/help', lazy: page.driverHelp },
            ],
          },
        ],
      },
      {
        element: <RequireApprovedDriver notApproved="/driver/login" />,
        children: [{ lazy: page.driverLayout, children: [{ path: 'driver/earnings', lazy: page.driverEarnings }] }],
      },
      { path: 'admin/login', lazy: page.adminLogin },
      { path: 'admin/invite', lazy: page.adminInvite },
      {
        element: <RequireAdmin />,
        children: [
          {
            lazy: page.adminLayout,
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
              adminRoute('halal', 'halal', page.adminHalal),
              adminRoute('restaurants', 'restaurants', page.adminRestaurants),
              adminRoute('profile', 'overview', page.adminProfile),
            ],
          },
        ],
      },
      {
        path: 'dev/mail',
        lazy: page.devMail,
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The browser's router; a server-rendered page passes the router state it was rendered with (src/web/ssr/hydrate.tsx). */
export function createAppRouter(opts?: { hydrationData?: HydrationState }) {
  return createBrowserRouter(routes, opts);
}
