import { useQueryClient } from '@tanstack/react-query';
import { CircleUser, LogOut, Settings, ShieldCheck, Users } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { canUseAdminArea } from '../../domain/policies';
import { ADMIN_ROLE_LABELS } from '../../domain/roles';
import { signOut } from '../lib/auth';
import { cn } from '../lib/cn';
import { useMe } from '../lib/me';
import { type DropdownItem, DropdownMenu } from '../ui/dropdown-menu';
import { navFor } from './admin-nav';

/** The back office: a sidebar filtered by the signed-in admin's real role, and the profile menu. */
export function AdminLayout() {
  const { data } = useMe();
  const user = data?.user;
  const role = user?.adminRole ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = navFor(role);

  const onLogOut = async () => {
    try {
      await signOut(queryClient);
    } catch {
      toast.error('Error logging out');
      return;
    }
    toast.success('Logged out successfully');
    navigate('/admin/login', { replace: true });
  };

  const profileItems: DropdownItem[] = [
    ...(user ? [{ kind: 'text' as const, label: `${user.name || user.email}${role ? ` · ${ADMIN_ROLE_LABELS[role]}` : ''}` }] : []),
    { kind: 'link', label: 'Profile', to: '/admin/profile', icon: <CircleUser aria-hidden="true" /> },
    ...(canUseAdminArea(role, 'team') ? [{ kind: 'link' as const, label: 'Team', to: '/admin/team', icon: <Users aria-hidden="true" /> }] : []),
    ...(canUseAdminArea(role, 'settings')
      ? [{ kind: 'link' as const, label: 'Settings', to: '/admin/settings', icon: <Settings aria-hidden="true" /> }]
      : []),
    { kind: 'button', label: 'Log out', onSelect: () => void onLogOut(), icon: <LogOut aria-hidden="true" /> },
  ];

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <aside className="border-b border-border bg-card md:sticky md:top-0 md:h-dvh md:border-b-0 md:border-r">
        <div className="flex h-14 items-center gap-2 px-4 font-bold">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          HalalNosh Admin
        </div>
        <nav aria-label="Admin" className="overflow-x-auto px-2 pb-2 md:pb-4">
          <ul className="flex gap-1 md:flex-col">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive ? 'bg-primary-soft text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
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
        <header className="flex h-14 items-center justify-end gap-2 border-b border-border bg-card px-4">
          {user ? (
            <p className="hidden text-sm text-muted-foreground sm:block">
              {user.name || user.email}
              {role ? <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">{ADMIN_ROLE_LABELS[role]}</span> : null}
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
