import ArrowLeft from 'lucide-react/icons/arrow-left';
import Bike from 'lucide-react/icons/bike';
import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Store from 'lucide-react/icons/store';
import WifiOff from 'lucide-react/icons/wifi-off';
import { Link, useParams, useSearchParams } from '../lib/router';
import {
  describeDietaryChoice,
  hasDietaryChoice,
  matchesDietary,
  parseAllergens,
  parseDiets,
} from '../../domain/dietary';
import { ALLERGEN_LABELS } from '../../domain/menu';
import { nextOpeningLabel } from '../../domain/next-opening';
import type { RestaurantDetail } from '../../domain/contracts/catalog/get-restaurant';
import { formatDeliveryFee, formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useMetaDescription } from '../lib/use-meta-description';
import { Alert } from '../ui/alert';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { PageLoading } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { Fact } from './fact';
import { CartBar } from './cart-bar';
import { FavouriteButton } from './favourite-button';
import { HalalBadge } from './halal-badge';
import { OfferBadge, RatingText } from './restaurant-card';
import { RestaurantMenu } from './restaurant-menu';
import { HalalPanel } from './halal-panel';
import { ReviewsBlock } from './reviews-block';
import { useKnownPostcode } from './known-postcode';
import { useDeliversTo } from './use-delivers-to';
import { useCanScheduleLater } from './schedule-choice';
import { OpeningHoursList } from './opening-hours-list';
import { useRestaurant } from './use-restaurant';
import { formatPhone } from '../../domain/phone';

/** The menu narrowed to the dishes matching the dietary choice carried from the search. */
function filteredMenu(
  r: RestaurantDetail,
  params: URLSearchParams,
): { restaurant: RestaurantDetail; label: string | null } {
  const choice = { diet: parseDiets(params.get('diet')).values, without: parseAllergens(params.get('without')).values };
  if (!hasDietaryChoice(choice) || !r.menu) return { restaurant: r, label: null };
  const sections = r.menu.sections
    .map((s) => ({ ...s, items: s.items.filter((item) => matchesDietary(item, choice)) }))
    .filter((s) => s.items.length > 0);
  return {
    restaurant: { ...r, menu: { sections } },
    label: describeDietaryChoice(choice, (a) => ALLERGEN_LABELS[a]),
  };
}

function fullAddress(r: RestaurantDetail): string {
  return r.postcode && !r.address.includes(r.postcode) ? `${r.address} ${r.postcode}` : r.address;
}

function RestaurantHero({ restaurant: r }: { restaurant: RestaurantDetail }) {
  const description = r.description ?? r.brandDescription;
  return (
    <section
      aria-labelledby="restaurant-title"
      className="overflow-hidden rounded-lg border border-border bg-card shadow-sm"
    >
      <div className="relative aspect-[16/7] max-h-80 w-full bg-muted sm:aspect-[16/5]">
        {r.imageUrl ? (
          <img src={r.imageUrl} alt="" fetchPriority="high" className="size-full object-cover" />
        ) : (
          <div className="grid size-full place-items-center text-muted-foreground">No image</div>
        )}
        {!r.isOpen ? (
          <div className="absolute inset-0 grid place-items-center bg-black/55">
            <span className="rounded-full bg-black/70 px-4 py-1 text-sm font-semibold uppercase tracking-wide text-white">
              Closed
            </span>
          </div>
        ) : null}
      </div>
      <div className="grid gap-4 p-5 sm:p-6">
        <div className="flex items-start gap-4">
          {r.logoUrl ? (
            <img
              src={r.logoUrl}
              alt=""
              className="-mt-12 size-20 shrink-0 rounded-xl border-4 border-card bg-card object-cover shadow sm:-mt-14 sm:size-24"
            />
          ) : null}
          <div className="grid min-w-0 gap-1">
            <h1 id="restaurant-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {r.brandName}
            </h1>
            <p className="text-muted-foreground">{r.branchName}</p>
          </div>
          <FavouriteButton siteId={r.id} name={`${r.brandName} ${r.branchName}`} className="ml-auto shrink-0" />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <HalalBadge status={r.halalStatus} />
          <OfferBadge label={r.offerLabel} />
          <RatingText rating={r.rating} count={r.reviewCount} />
          {r.cuisines.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {r.cuisines.map((c) => (
                <li key={c} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
                  {c}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {description ? <p className="max-w-3xl text-muted-foreground">{description}</p> : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact
            icon={<Clock aria-hidden="true" className="size-4 text-muted-foreground" />}
            term="Delivery time"
            className="gap-2"
          >
            {r.etaMinMinutes}-{r.etaMaxMinutes} min
          </Fact>
          <Fact
            icon={<Bike aria-hidden="true" className="size-4 text-muted-foreground" />}
            term="Delivery fee"
            className="gap-2"
          >
            {r.deliveryFeeMinor ? `${formatDeliveryFee(r.deliveryFeeMinor)} delivery` : 'Free delivery'}
          </Fact>
          {r.minOrderMinor > 0 ? (
            <Fact
              icon={<ReceiptText aria-hidden="true" className="size-4 text-muted-foreground" />}
              term="Minimum order"
              className="gap-2"
            >
              {formatPrice(r.minOrderMinor)} minimum order
            </Fact>
          ) : null}
          <Fact
            icon={<MapPin aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />}
            term="Address"
            align="start"
            className="gap-2"
          >
            {fullAddress(r)}
          </Fact>
          {r.phone ? (
            <Fact
              icon={<Phone aria-hidden="true" className="size-4 text-muted-foreground" />}
              term="Phone"
              className="gap-2"
            >
              <a
                href={`tel:${r.phone.replace(/\s+/g, '')}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {formatPhone(r.phone)}
              </a>
            </Fact>
          ) : null}
        </dl>
        {r.isOpen ? (
          // A plain link into the lazy group pages: the restaurant page's bundle carries nothing for them
          // (docs/product/group-orders.md#starting).
          <Link
            to={`/group/start/${r.id}`}
            className="justify-self-start font-medium text-primary underline underline-offset-4"
          >
            Order together: start a group order
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function NotFound() {
  useDocumentTitle('404 Restaurant not found');
  return (
    <EmptyState
      icon={<Store aria-hidden="true" />}
      title="Restaurant not found"
      headingLevel={1}
      action={
        <Link to="/" className={buttonClasses()}>
          Back to Home
        </Link>
      }
    >
      This restaurant does not exist or is not taking orders on HalalNosh any more.
    </EmptyState>
  );
}

function Loaded({ restaurant: r, fallback }: { restaurant: RestaurantDetail; fallback: boolean }) {
  const [params, setParams] = useSearchParams();
  const menu = filteredMenu(r, params);
  // The searched postcode, else a signed-in customer's default saved address, judged by the
  // server's delivery range rule (docs/product/customer.md#delivers-here).
  const known = useKnownPostcode();
  const reach = useDeliversTo(fallback ? '' : r.id, known);
  // Closed now does not mean no orders: a branch with slots takes orders for later (docs/product/customer.md#order-for-later).
  const canLater = useCanScheduleLater(fallback ? '' : r.id, !r.isOpen);
  useDocumentTitle(`${r.brandName} ${r.branchName} - Halal Food Delivery`);
  useMetaDescription(
    `Order halal food from ${r.brandName} (${r.branchName}, ${r.city}) for delivery or pickup. ${r.cuisines.join(', ')}. ${r.description ?? ''}`.trim(),
  );
  return (
    <div className="grid grid-cols-1 gap-8">
      <Link
        to="/"
        className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All restaurants
      </Link>
      {fallback ? (
        <Alert variant="warning" className="flex items-start gap-2">
          <WifiOff aria-hidden="true" className="mt-0.5 shrink-0" />
          <span>
            We can't reach HalalNosh right now, so this is our saved copy of the menu. Prices and availability may have
            changed.
          </span>
        </Alert>
      ) : null}
      {!r.isOpen ? (
        <Alert variant="warning">
          {canLater
            ? `${r.brandName} is closed right now. You can browse the menu and schedule your order for later.`
            : canLater === false
              ? `${r.brandName} is closed right now. You can browse the menu; orders open again when the restaurant does.`
              : `${r.brandName} is closed right now. You can browse the menu.`}
          {r.nextOpening ? ` ${nextOpeningLabel(r.nextOpening)}.` : ''}
        </Alert>
      ) : null}
      {reach && !reach.deliversHere ? (
        <Alert variant="warning">
          {r.brandName} does not deliver to {reach.postcode}. You can still order for pickup.
        </Alert>
      ) : null}
      <RestaurantHero restaurant={r} />
      <div>
        {menu.label ? (
          <Alert className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <span>Showing dishes: {menu.label}.</span>
            <button
              type="button"
              className="min-h-11 font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setParams({}, { replace: true, preventScrollReset: true })}
            >
              Show full menu
            </button>
          </Alert>
        ) : null}
        <RestaurantMenu restaurant={menu.restaurant} />
        <CartBar />
      </div>
      <OpeningHoursList hours={r.openingHours} />
      {fallback ? null : <HalalPanel slug={r.slug} items={r.menu?.sections.flatMap((s) => s.items) ?? []} />}
      <ReviewsBlock siteId={r.id} slug={r.slug} restaurantName={r.brandName} available={!fallback} />
    </div>
  );
}

/** /restaurant/{slug}: the branch, its menu, the sticky cart bar and its reviews. */
export function RestaurantPage() {
  const { slug = '' } = useParams();
  const result = useRestaurant(slug);
  if (result.restaurant) return <Loaded restaurant={result.restaurant} fallback={result.fallback} />;
  if (result.notFound) return <NotFound />;
  if (result.error) {
    return (
      <LoadFailed
        inline
        title={<>We could not load this restaurant: {result.error.message}</>}
        onRetry={result.refetch}
      />
    );
  }
  return <PageLoading label="Loading restaurant..." />;
}
