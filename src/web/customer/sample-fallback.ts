import type { RestaurantDetail } from '../../domain/contracts/catalog/get-restaurant';
import type { RestaurantCard } from '../../domain/contracts/catalog/restaurant-card';
import type { SearchRestaurantsResponse } from '../../domain/contracts/catalog/search-restaurants';
import { londonDate } from '../../domain/halal-facts';
import { deriveHalalStatus } from '../../domain/halal-status';
import type { CityEntry } from '../../domain/sample-data/cities';
import type { SampleRestaurant } from '../../domain/sample-data/sample-restaurants';
import { type SearchFilter, matchesCuisine, matchesSearchFilters } from '../../domain/search-filters';

/**
 * The built-in sample restaurants standing in when the server cannot be reached (docs/product/customer.md#sample-fallback). The demo database holds the same branches
 * with the same ids, so a cart filled from them still checks out once the server is back.
 * The data is fetched only when needed, so it never weighs on a normal page load.
 */

async function samples(): Promise<SampleRestaurant[]> {
  return (await import('../../domain/sample-data/sample-restaurants')).SAMPLE_RESTAURANTS;
}

/** The built-in UK city directory. */
export async function sampleCities(): Promise<CityEntry[]> {
  return (await import('../../domain/sample-data/cities')).UK_CITIES;
}

/** A sample branch as a search result card. Its rating is the sample's own; it has no counted reviews. */
export function sampleCard(s: SampleRestaurant): RestaurantCard {
  return {
    id: s.id,
    slug: s.slug,
    brandId: `sample-${s.slug}`,
    brandName: s.brandName,
    branchName: s.branchName,
    city: s.city,
    cuisines: s.cuisines,
    rating: s.rating,
    reviewCount: 0,
    etaMinMinutes: s.etaMin,
    etaMaxMinutes: s.etaMax,
    deliveryFeeMinor: s.deliveryFeeMinor,
    minOrderMinor: 0,
    // The same rule as the server's (docs/decisions/0100-halal-status-derived.md): verified only with a current certificate.
    halalStatus: deriveHalalStatus(
      {
        suspended: false,
        certificates: s.certificate ? [{ status: 'approved', expiresOn: s.certificate.expiresOn }] : [],
      },
      londonDate(new Date()),
    ),
    lastVerifiedAt: s.certificate ? `${s.certificate.issuedOn}T00:00:00.000Z` : null,
    imageUrl: s.imageUrl,
    logoUrl: s.logoUrl,
    isOpen: s.isOpen,
    // The samples carry no opening hours, and the fallback knows no postcode.
    nextOpening: null,
    deliversHere: null,
    distanceKm: null,
    description: s.description,
    address: s.address,
    postcode: s.postcode,
    phone: s.phone,
    lat: s.lat,
    lng: s.lng,
    deliveryRadiusKm: s.deliveryRadiusKm,
  };
}

/** The fallback search: the samples serving the cuisine and passing the chips, always in London. */
export async function sampleSearch(
  cuisine: string,
  filters: readonly SearchFilter[],
): Promise<SearchRestaurantsResponse> {
  const restaurants = (await samples())
    .map(sampleCard)
    .filter((r) => matchesCuisine(r.cuisines, cuisine) && matchesSearchFilters(r, filters));
  return {
    location: { kind: 'city', label: 'London', known: true, citySlug: 'london' },
    deliverTo: null,
    total: restaurants.length,
    restaurants,
  };
}

/** The sample branch of this slug with its menu, or null when there is none. */
export async function sampleDetail(slug: string): Promise<RestaurantDetail | null> {
  const s = (await samples()).find((r) => r.slug === slug);
  if (!s) return null;
  return {
    ...sampleCard(s),
    brandDescription: s.description,
    openingHours: [],
    menu: {
      sections: s.menu.map((section, index) => ({
        id: `${s.id}-section-${index}`,
        title: section.title ?? 'Other',
        items: section.items.map((item) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          priceMinor: item.priceMinor,
          imageUrl: null,
          category: item.category,
          isVegetarian: item.isVegetarian ?? false,
          isVegan: false,
          isSpicy: item.isSpicy ?? false,
          allergens: [],
          sortOrder: item.sortOrder,
          optionGroups: [],
        })),
      })),
    },
  };
}
