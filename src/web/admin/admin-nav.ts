import {
  BadgeCheck,
  Bell,
  FileText,
  Headphones,
  LayoutDashboard,
  MapPinned,
  ReceiptText,
  type LucideIcon,
  ScrollText,
  Store,
  Banknote,
  Settings,
  Truck,
  Users,
} from 'lucide-react';
import { type AdminArea, canUseAdminArea } from '../../domain/policies';
import type { AdminRole } from '../../domain/roles';

export type AdminNavItem = { to: string; label: string; area: AdminArea; icon: LucideIcon };

/** The sidebar in the documented order (docs/product/admin.md#roles); who sees which item is ADMIN_AREAS. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin/dashboard', label: 'Overview', area: 'overview', icon: LayoutDashboard },
  { to: '/admin/orders', label: 'Orders', area: 'orders', icon: ReceiptText },
  { to: '/admin/dispatch', label: 'Dispatch map', area: 'dispatch', icon: MapPinned },
  { to: '/admin/drivers', label: 'Drivers', area: 'drivers', icon: Truck },
  { to: '/admin/tickets', label: 'Customer Service', area: 'tickets', icon: Headphones },
  { to: '/admin/restaurants', label: 'Restaurants', area: 'restaurants', icon: Store },
  { to: '/admin/halal', label: 'Halal Verification', area: 'halal', icon: BadgeCheck },
  { to: '/admin/team', label: 'Team', area: 'team', icon: Users },
  { to: '/admin/reports', label: 'Reports', area: 'reports', icon: FileText },
  { to: '/admin/settings', label: 'Settings', area: 'settings', icon: Settings },
  { to: '/admin/notifications', label: 'Notifications', area: 'notifications', icon: Bell },
  { to: '/admin/payouts', label: 'Payouts', area: 'payouts', icon: Banknote },
  { to: '/admin/audit', label: 'Audit Log', area: 'audit', icon: ScrollText },
];

/** The sidebar items this role may use. */
export function navFor(role: AdminRole | null): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => canUseAdminArea(role, item.area));
}
