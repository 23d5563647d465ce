import Bike from 'lucide-react/icons/bike';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Store from 'lucide-react/icons/store';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { Link } from '../lib/router';
import { PageIntro } from '../ui/page-intro';

const PORTALS = [
  {
    to: '/partner/login',
    title: 'Restaurant Partner',
    text: 'Manage your brand, locations, menus and incoming orders.',
    icon: Store,
  },
  {
    to: '/partner/signup',
    title: 'Become a partner',
    text: 'Put your restaurant on HalalNosh: sign up, add your location and menu, and submit it for review.',
    icon: UtensilsCrossed,
  },
  {
    to: '/driver/login',
    title: 'Driver',
    text: 'Deliver halal food in your area and track your earnings.',
    icon: Bike,
  },
] as const;

/** /partners: the portal chooser. */
export function PartnersPage() {
  return (
    <div className="grid gap-8">
      <PageIntro
        title="Partner with HalalNosh"
        documentTitle="Partners"
        note="Choose your portal to sign in or get started."
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {PORTALS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-lg border border-border bg-card p-6 shadow-sm transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="grid flex-1 gap-1">
                <span className="text-lg font-semibold">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-5 self-center text-muted-foreground group-hover:text-primary"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
