import { fullPostcode } from '../../../domain/checkout';
import { type GeoPoint, distanceKm } from '../../../domain/geo';
import type { Geocoder } from '../geo';
import type { OrderSite } from './price-order';

/** Where a delivery postcode lies and whether the branch's radius reaches it. */
export type DeliveryReach = {
  /** The normalised full postcode ("E1 6AN"). */
  postcode: string;
  point: GeoPoint;
  /** The branch's location: its own, else its postcode geocoded; null when neither is known. */
  origin: GeoPoint | null;
  reaches: boolean;
};

/**
 * The one delivery range rule (docs/decisions/0173-delivery-range-at-checkout.md): the straight
 * line from the branch to the postcode's point, within the branch's delivery radius. Placing an
 * order enforces it and checkout asks it beforehand through GET /api/sites/:siteId/delivers-to,
 * so the two can never disagree. Null for text that is not a full postcode the geocoder knows.
 */
export async function deliveryReach(
  geocoder: Geocoder,
  site: Pick<OrderSite, 'lat' | 'lng' | 'postcode' | 'deliveryRadiusKm'>,
  postcodeText: string,
): Promise<DeliveryReach | null> {
  const postcode = fullPostcode(postcodeText);
  const point = postcode ? await geocoder.geocode(postcode) : null;
  if (!postcode || !point) return null;
  let origin: GeoPoint | null = site.lat !== null && site.lng !== null ? { lat: site.lat, lng: site.lng } : null;
  if (!origin && site.postcode) origin = await geocoder.geocode(site.postcode);
  // A branch with no known location cannot be range-checked; its delivery radius is then taken on trust.
  const reaches = !origin || distanceKm(origin, point) <= site.deliveryRadiusKm;
  return { postcode, point: { lat: point.lat, lng: point.lng }, origin, reaches };
}
