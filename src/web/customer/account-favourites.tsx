import Heart from 'lucide-react/icons/heart';
import { Link } from '../lib/router';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed } from '../ui/load-failed';
import { Spinner } from '../ui/spinner';
import { RestaurantGrid } from './restaurant-card';
import { useFavourites } from './use-favourites';

/** The Favourites tab: the saved restaurants as cards, each with its heart (docs/product/customer.md#favourites). */
export function AccountFavourites() {
  const { query, deliverTo } = useFavourites();
  if (query.isError) {
    return <LoadFailed inline title="Could not load your favourites." onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <Spinner label="Loading your favourites..." />;
  if (!query.data.restaurants.length) {
    return (
      <EmptyState
        icon={<Heart aria-hidden="true" />}
        title="No favourites yet"
        action={
          <Link to="/" className={buttonClasses()}>
            Find restaurants
          </Link>
        }
      >
        Tap the heart on a restaurant to keep it here.
      </EmptyState>
    );
  }
  return <RestaurantGrid restaurants={query.data.restaurants} label="Favourite restaurants" deliverTo={deliverTo} />;
}
