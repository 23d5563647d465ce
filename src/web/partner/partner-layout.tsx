import { useQueryClient } from '@tanstack/react-query';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Settings from 'lucide-react/icons/settings';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { NavLink, Outlet, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { signOut } from '../lib/auth';
import { useMe } from '../lib/me';
import { Button } from '../ui/button';
import { cn } from '../lib/cn';
import { SiteSwitcher } from './site-switcher';
import { TermsGate } from '../ui/terms-gate';
import { OnboardingBanner } from './onboarding-banner';
import { usePartnerSelection } from './use-partner-selection';

const NAV = [
  { to: '/partner/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/partner/orders', label: 'Orders', icon: ClipboardList },
  { to: '/partner/menu', label: 'Menu', icon: UtensilsCrossed },
  { to: '/partner/offers', label: 'Offers', icon: TicketPercent },
  { to: '/partner/settings', label: 'Settings', icon: Settings },
  { to: '/partner/statements', label: 'Statements', icon: ReceiptText },
  { to: '/partner/help', label: 'Help', icon: LifeBuoy },
] as const;

/**
 * The partner console shell: navigation (each link keeps the selected location), the brand and
 * location switcher, and Log out (back to /partner/login).
 */
export function PartnerLayout() {
  const { data } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const selection = usePartnerSelection();

  const onLogOut = async () => {
    try {
      await signOut(queryClient);
    } catch {
      toast.error('Error logging out');
      return;
    }
    navigate('/partner/login', { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-border bg-card">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <div className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-primary text-sm font-bold text-primary-foreground"
            >
              HN
            </span>
            <div className="leading-tight">
              <p className="font-bold">HalalNosh Partner</p>
              {data?.user ? <p className="text-xs text-muted-foreground">{data.user.email}</p> : null}
            </div>
          </div>
          <nav aria-label="Partner" className="-mx-1 flex gap-1 overflow-x-auto">
            {NAV.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={selection.withSite(to)}
                className={({ isActive }) =>
                  cn(
                    'inline-flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4',
                    isActive
                      ? 'bg-primary-soft text-primary'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-3">
            <SiteSwitcher selection={selection} />
            <Button variant="ghost" size="sm" onClick={() => void onLogOut()}>
              <LogOut aria-hidden="true" />
              Log out
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <TermsGate audience="partner">
          <OnboardingBanner />
          <Outlet />
        </TermsGate>
      </main>
    </div>
  );
}
