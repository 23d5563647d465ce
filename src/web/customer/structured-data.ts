import { useEffect } from 'react';
import type { RestaurantCard } from '../../domain/contracts/catalog/restaurant-card';

/**
 * schema.org data for search engines: an ItemList of Restaurant entries. JSON-LD is data, not a
 * script the browser runs, so the Content-Security-Policy (no inline scripts) does not block it.
 */
export function restaurantListJsonLd(name: string, restaurants: readonly RestaurantCard[], origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: restaurants.length,
    itemListElement: restaurants.map((r, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Restaurant',
        name: `${r.brandName} (${r.branchName})`,
        url: `${origin}/restaurant/${r.slug}`,
        ...(r.imageUrl ? { image: new URL(r.imageUrl, origin).href } : {}),
        ...(r.phone ? { telephone: r.phone } : {}),
        servesCuisine: r.cuisines,
        address: {
          '@type': 'PostalAddress',
          streetAddress: r.address.replace(new RegExp(`,\\s*${r.city}$`), ''),
          addressLocality: r.city,
          ...(r.postcode ? { postalCode: r.postcode } : {}),
          addressCountry: 'GB',
        },
        ...(r.lat !== null && r.lng !== null
          ? { geo: { '@type': 'GeoCoordinates', latitude: r.lat, longitude: r.lng } }
          : {}),
        ...(r.rating !== null && r.reviewCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: r.rating,
                reviewCount: r.reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    })),
  };
}

/** The page's origin for absolute URLs; null while rendering on the server (the block is added in the browser only). */
export function pageOrigin(): string | null {
  return typeof window === 'undefined' ? null : window.location.origin;
}

/** Puts a JSON-LD block in document.head while the page is shown and takes it out afterwards. */
export function useJsonLd(data: object | null): void {
  const text = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!text) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = text;
    document.head.append(script);
    return () => script.remove();
  }, [text]);
}
