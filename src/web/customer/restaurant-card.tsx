import { memo } from 'react';
import Bike from 'lucide-react/icons/bike';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Clock from 'lucide-react/icons/clock';
import ImageOff from 'lucide-react/icons/image-off';
import MapPin from 'lucide-react/icons/map-pin';
import Star from 'lucide-react/icons/star';
import { Link } from '../lib/router';
import type { RestaurantCard as Card } from '../../domain/contracts/catalog/restaurant-card';
import { nextOpeningLabel } from '../../domain/next-opening';
import { formatDeliveryFee, formatKm } from '../lib/format';
import { Fact } from './fact';
import { FavouriteButton } from './favourite-button';
import { HalalBadge } from './halal-badge';
import { HydrateWhenSeen } from '../lib/hydrate-when-seen';

const MAX_CUISINE_BADGES = 3;

/** "4.6 (12)", or "New" before the first review (docs/product/customer.md#restaurant-cards: real ratings, real counts). */
export function RatingText({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null) {
    return <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">New</span>;
  }
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
      {count > 0 ? (
        <span className="font-normal text-muted-foreground">
          ({count}
          <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>)
        </span>
      ) : null}
    </span>
  );
}

/**
 * The restaurant offer running now, as the server words it ("20% off, up to £5";
 * docs/product/offers.md#where-customers-see-them): markup only, no script of its own.
 */
export function OfferBadge({ label }: { label: string | null | undefined }) {
  return label ? (
    <span className="inline-flex rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
      <span className="sr-only">Offer: </span>
      {label}
    </span>
  ) : null;
}

/**
 * One restaurant in a results grid; the whole card links to its page (docs/product/customer.md#restaurant-cards).
 * Memoised: a page re-renders when the session or the platform details arrive, and its cards have
 * not changed (docs/decisions/0186-landing-pages-main-thread.md).
 */
export const RestaurantCard = memo(function RestaurantCard({
  restaurant: r,
  linkQuery = '',
  deliverTo = null,
}: {
  restaurant: Card;
  /** The dietary choice carried to the restaurant's menu (?diet=…&without=…). */
  linkQuery?: string;
  /** The postcode the card's "delivers here" answers for. */
  deliverTo?: string | null;
}) {
  const shown = r.cuisines.slice(0, MAX_CUISINE_BADGES);
  const more = r.cuisines.length - shown.length;
  return (
    <Link
      to={`/restaurant/${r.slug}${linkQuery ? `?${linkQuery}` : ''}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <div className="relative aspect-[16/9] bg-muted">
        {r.imageUrl ? (
          <img src={r.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-sm text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-6" />
            No image
          </div>
        )}
        {!r.isOpen ? (
          <div className="absolute inset-0 grid place-content-center justify-items-center gap-2 bg-black/55">
            <span className="rounded-full bg-black/70 px-4 py-1 text-sm font-semibold uppercase tracking-wide text-white">
              Closed
            </span>
            {r.nextOpening ? (
              <span className="rounded-full bg-black/70 px-3 py-0.5 text-sm font-medium text-white">
                {nextOpeningLabel(r.nextOpening)}
              </span>
            ) : null}
          </div>
        ) : null}
        {r.logoUrl ? (
          <img
            src={r.logoUrl}
            alt=""
            loading="lazy"
            className="absolute -bottom-6 left-4 size-12 rounded-lg border-2 border-card bg-card object-cover shadow"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 pt-8">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold group-hover:text-primary">{r.brandName}</h3>
            <p className="truncate text-sm text-muted-foreground">{r.branchName}</p>
          </div>
          <RatingText rating={r.rating} count={r.reviewCount} />
        </div>
        <div className="flex flex-wrap gap-1.5">
          <HalalBadge status={r.halalStatus} />
          <OfferBadge label={r.offerLabel} />
        </div>
        {r.cuisines.length ? (
          <ul className="flex flex-wrap gap-1.5">
            {shown.map((c) => (
              <li key={c} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                {c}
              </li>
            ))}
            {more > 0 ? (
              <li className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                <span aria-hidden="true">+{more}</span>
                <span className="sr-only">and {more} more</span>
              </li>
            ) : null}
          </ul>
        ) : null}
        {deliverTo && r.deliversHere !== null ? (
          <p
            className={
              r.deliversHere
                ? 'flex items-center gap-1.5 text-sm font-medium text-primary'
                : 'flex items-center gap-1.5 text-sm font-medium text-destructive'
            }
          >
            {r.deliversHere ? (
              <CircleCheck aria-hidden="true" className="size-4" />
            ) : (
              <CircleX aria-hidden="true" className="size-4" />
            )}
            {r.deliversHere ? `Delivers to ${deliverTo}` : `Does not deliver to ${deliverTo}`}
          </p>
        ) : null}
        <dl className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-border pt-3 text-sm text-muted-foreground">
          <Fact icon={<Clock aria-hidden="true" className="size-4" />} term="Delivery time" className="gap-1">
            {r.etaMinMinutes}-{r.etaMaxMinutes} min
          </Fact>
          <Fact
            icon={<Bike aria-hidden="true" className="size-4" />}
            term="Delivery fee"
            className="gap-1"
            valueClassName={r.deliveryFeeMinor ? undefined : 'font-semibold text-primary'}
          >
            {formatDeliveryFee(r.deliveryFeeMinor)}
          </Fact>
          {r.distanceKm !== null ? (
            <Fact icon={<MapPin aria-hidden="true" className="size-4" />} term="Distance" className="gap-1">
              {formatKm(r.distanceKm)}
            </Fact>
          ) : null}
        </dl>
      </div>
    </Link>
  );
});

/** A responsive grid of restaurant cards. */
export function RestaurantGrid({
  restaurants,
  label,
  linkQuery,
  deliverTo,
}: {
  restaurants: readonly Card[];
  label: string;
  linkQuery?: string;
  deliverTo?: string | null;
}) {
  // Each card is laid out and painted only near the screen (render-when-near, which also insets it
  // by 8 px: the favourite button sits 12 px inside the card), and on a page that arrived rendered it
  // is hydrated only then, or when the page is first used (docs/decisions/0264-landing-pages-hydrate-in-parts.md).
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {restaurants.map((r) => (
        <GridItem key={r.id} restaurant={r} linkQuery={linkQuery} deliverTo={deliverTo} />
      ))}
    </ul>
  );
}

/**
 * One card of the grid, memoised: a part not yet hydrated that the page re-renders is rendered
 * afresh by React (its server markup replaced), so the page's own updates (the session, the
 * remembered postcode) must not reach it while the card is unchanged.
 */
const GridItem = memo(function GridItem({
  restaurant: r,
  linkQuery,
  deliverTo,
}: {
  restaurant: Card;
  linkQuery?: string;
  deliverTo?: string | null;
}) {
  return (
    <HydrateWhenSeen as="li" className="render-when-near relative">
      <RestaurantCard restaurant={r} linkQuery={linkQuery} deliverTo={deliverTo} />
      {/* Beside the card's link, not inside it: a button may not sit in a link. */}
      <FavouriteButton siteId={r.id} name={`${r.brandName} ${r.branchName}`} className="absolute right-5 top-5" />
    </HydrateWhenSeen>
  );
});
