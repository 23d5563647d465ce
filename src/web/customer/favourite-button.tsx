import { memo } from 'react';
import Heart from 'lucide-react/icons/heart';
import { useLocation, useNavigate } from '../lib/router';
import { cn } from '../lib/cn';
import { toast } from '../lib/toast';
import { useFavourites, useToggleFavourite } from './use-favourites';

/**
 * The heart on a restaurant card and page (docs/product/customer.md#favourites): a toggle button
 * (aria-pressed) for signed-in customers; a visitor is asked to sign in and comes back here.
 */
export const FavouriteButton = memo(function FavouriteButton({
  siteId,
  name,
  className,
}: {
  siteId: string;
  name: string;
  className?: string;
}) {
  const { isCustomer, signedIn, query } = useFavourites();
  const toggle = useToggleFavourite();
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn && !isCustomer) return null;
  const saved = query.data?.siteIds.includes(siteId) ?? false;
  const onClick = () => {
    if (!signedIn) {
      toast.info('Sign in to save favourites', { description: 'Your favourite restaurants are kept in your account.' });
      navigate(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    toggle.mutate({ siteId, favourite: !saved });
  };
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${name} to favourites`}
      disabled={toggle.isPending}
      onClick={onClick}
      className={cn(
        'grid size-11 place-items-center rounded-full border border-border bg-card/95 text-foreground shadow-sm transition hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved && 'fill-primary text-primary')} />
    </button>
  );
});
