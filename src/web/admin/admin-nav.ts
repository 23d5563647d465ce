import type { LucideIcon } from 'lucide-react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Bell from 'lucide-react/icons/bell';
import FileText from 'lucide-react/icons/file-text';
import Headphones from 'lucide-react/icons/headphones';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import MapPinned from 'lucide-react/icons/map-pinned';
import ReceiptText from 'lucide-react/icons/receipt-text';
import ScrollText from 'lucide-react/icons/scroll-text';
import Store from 'lucide-react/icons/store';
import Banknote from 'lucide-react/icons/banknote';
import Settings from 'lucide-react/icons/settings';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import Truck from 'lucide-react/icons/truck';
import Users from 'lucide-react/icons/users';
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
  { to: '/admin/vouchers', label: 'Vouchers', area: 'vouchers', icon: TicketPercent },
  { to: '/admin/audit', label: 'Audit Log', area: 'audit', icon: ScrollText },
];

/** The sidebar items this role may use. */
export function navFor(role: AdminRole | null): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => canUseAdminArea(role, item.area));
}
