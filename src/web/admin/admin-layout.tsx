import { useQuery, useQueryClient } from '@tanstack/react-query';
import CircleUser from 'lucide-react/icons/circle-user';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { canUseAdminArea } from '../../domain/policies';
import { ADMIN_ROLE_LABELS } from '../../domain/roles';
import { topicName } from '../../domain/topics';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { signOut } from '../lib/auth';
import { cn } from '../lib/cn';
import { useLiveEvents } from '../lib/live';
import { useMe } from '../lib/me';
import { type DropdownItem, DropdownMenu } from '../ui/dropdown-menu';
import { adminKeys } from './admin-api';
import { adminEventHandlers } from './admin-live';
import { navFor } from './admin-nav';

/** Remembers, per tab, which admin's sign-in was recorded (team_members.last_login_at). */
export const ADMIN_SESSION_KEY = 'halalnosh-admin-session';

/** The top bar's pending-driver count: pushed live on `admin`, with a 30 s refresh as the fallback (docs/product/admin.md#layout). */
function PendingDriversButton() {
  const pending = useQuery({
    queryKey: adminKeys.pendingCount,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminDriversPendingCount, { signal }),
    refetchInterval: 30_000,
  });
  const count = pending.data?.count ?? 0;
  return (
    <Link
      to="/admin/drivers"
      aria-label={`${count} ${count === 1 ? 'driver' : 'drivers'} pending approval`}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
      )}
    >
      <UserCheck aria-hidden="true" className="size-4" />
      <span aria-hidden="true">Pending drivers</span>
      <span
        aria-hidden="true"
        data-testid="pending-driver-count"
        className={cn(
          'min-w-6 rounded-full px-1.5 text-center text-xs font-bold',
          count ? 'bg-destructive text-destructive-foreground' : 'bg-muted',
        )}
      >
        {count}
      </span>
    </Link>
  );
}

/** The back office: a sidebar filtered by the signed-in admin's real role, and the profile menu. */
export function AdminLayout() {
  const { data } = useMe();
  const user = data?.user;
  const role = user?.adminRole ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = navFor(role);
  useLiveEvents(role ? [topicName.admin] : [], {
    on: adminEventHandlers(queryClient),
    // After a reconnect every back-office screen may be behind: refetch what is on screen.
    refetch: [adminKeys.all],
  });

  // Records the sign-in once per tab and admin (team_members.last_login_at, shown on Profile).
  const userId = user?.id;
  useEffect(() => {
    if (!userId || !role) return;
    if (sessionStorage.getItem(ADMIN_SESSION_KEY) === userId) return;
    sessionStorage.setItem(ADMIN_SESSION_KEY, userId);
    void call(endpoints.admin.postAdminSessionTouch).catch(() => undefined);
  }, [userId, role]);

  const onLogOut = async () => {
    try {
      await signOut(queryClient);
    } catch {
      toast.error('Error logging out');
      return;
    }
    sessionStorage.removeItem(ADMIN_SESSION_KEY);
    toast.success('Logged out successfully');
    navigate('/admin/login', { replace: true });
  };

  const profileItems: DropdownItem[] = [
    ...(user
      ? [{ kind: 'text' as const, label: `${user.name || user.email}${role ? ` · ${ADMIN_ROLE_LABELS[role]}` : ''}` }]
      : []),
    { kind: 'link', label: 'Profile', to: '/admin/profile', icon: <CircleUser aria-hidden="true" /> },
    ...(canUseAdminArea(role, 'team')
      ? [{ kind: 'link' as const, label: 'Team', to: '/admin/team', icon: <Users aria-hidden="true" /> }]
      : []),
    ...(canUseAdminArea(role, 'settings')
      ? [{ kind: 'link' as const, label: 'Settings', to: '/admin/settings', icon: <Settings aria-hidden="true" /> }]
      : []),
    { kind: 'button', label: 'Log out', onSelect: () => void onLogOut(), icon: <LogOut aria-hidden="true" /> },
  ];

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <aside className="border-b border-border bg-card md:sticky md:top-0 md:flex md:h-dvh md:flex-col md:border-b-0 md:border-r">
        <div className="flex h-14 shrink-0 items-center gap-2 px-4 font-bold">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          HalalNosh Admin
        </div>
        <nav aria-label="Admin" className="overflow-x-auto px-2 pb-2 md:min-h-0 md:flex-1 md:overflow-y-auto md:pb-4">
          <ul className="flex gap-1 md:flex-col">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive
                        ? 'bg-primary-soft text-primary'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex h-14 items-center justify-end gap-3 border-b border-border bg-card px-4">
          {canUseAdminArea(role, 'drivers') ? <PendingDriversButton /> : null}
          {user ? (
            <p className="hidden text-sm text-muted-foreground sm:block">
              {user.name || user.email}
              {role ? (
                <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                  {ADMIN_ROLE_LABELS[role]}
                </span>
              ) : null}
            </p>
          ) : null}
          <DropdownMenu trigger={<CircleUser aria-hidden="true" />} triggerLabel="Profile menu" items={profileItems} />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
