import { useQueryClient } from '@tanstack/react-query';
import Bike from 'lucide-react/icons/bike';
import Briefcase from 'lucide-react/icons/briefcase';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import PoundSterling from 'lucide-react/icons/pound-sterling';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { signOut } from '../lib/auth';
import { cn } from '../lib/cn';
import { useMe } from '../lib/me';
import { Button } from '../ui/button';
import { setOnline } from './driver-api';
import { useDriverManifest } from './use-driver-manifest';

const NAV = [
  { to: '/driver/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/driver/jobs', label: 'Jobs', icon: Briefcase },
  { to: '/driver/earnings', label: 'Earnings', icon: PoundSterling },
  { to: '/driver/help', label: 'Help', icon: LifeBuoy },
] as const;

/**
 * The driver app's frame, mobile first: a top bar with Sign Out and, for approved drivers, a
 * bottom tab bar in thumb reach. It links the installable app's manifest.
 */
export function DriverFrame({ children, nav }: { children: ReactNode; nav: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const approved = useMe().data?.user?.status === 'approved';
  useDriverManifest();

  const onSignOut = async () => {
    // docs/product/driver.md#availability: signing out as a driver first goes offline, so no job is offered to nobody.
    if (approved) await setOnline(queryClient, false).catch(() => undefined);
    try {
      await signOut(queryClient);
    } catch {
      toast.error('Sign out failed. Please try again.');
      return;
    }
    navigate('/driver/login', { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-border bg-card">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <p className="flex items-center gap-2 font-bold">
            <Bike aria-hidden="true" className="size-5 text-primary" />
            HalalNosh Driver
          </p>
          <Button variant="ghost" size="md" onClick={() => void onSignOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn('mx-auto w-full max-w-3xl flex-1 px-4 py-6 focus:outline-none', nav && 'pb-24')}
      >
        {children}
      </main>
      {nav ? (
        <nav
          aria-label="Driver"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card pb-[env(safe-area-inset-bottom)]"
        >
          <ul className="mx-auto grid max-w-3xl grid-cols-4">
            {NAV.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-14 flex-col items-center justify-center gap-1 py-2 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                      isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
