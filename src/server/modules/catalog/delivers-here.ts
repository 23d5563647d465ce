import { type GeoPoint, distanceKm, normalisePostcode } from '../../../domain/geo';
import type { Geocoder } from '../geo';

/** The customer's known postcode with its position: what the cards' "delivers here" answers for. */
export type DeliveryPoint = GeoPoint & { postcode: string };

/** Geocodes `deliverTo` (a full UK postcode, checked by the contracts); null when none is given or found. */
export async function geocodeDeliverTo(
  geocoder: Geocoder,
  deliverTo: string | undefined,
): Promise<DeliveryPoint | null> {
  const postcode = deliverTo ? normalisePostcode(deliverTo)?.postcode : null;
  const point = postcode ? await geocoder.geocode(postcode) : null;
  return postcode && point ? { postcode, lat: point.lat, lng: point.lng } : null;
}

/**
 * A card's distance and "delivers here" for a known point (docs/product/customer.md#delivers-here):
 * the straight line from the branch within its own radius, as the search judges a city's branches
 * (docs/decisions/0163-next-opening-and-delivers-here.md). Both null without a point; a branch
 * without a position is not said to deliver.
 */
export function reachOf(
  point: GeoPoint | null,
  row: { lat: number | null; lng: number | null; deliveryRadiusKm: number | null },
): { km: number | null; deliversHere: boolean | null } {
  if (!point) return { km: null, deliversHere: null };
  const km = row.lat !== null && row.lng !== null ? distanceKm(point, { lat: row.lat, lng: row.lng }) : null;
  return { km, deliversHere: km !== null && km <= (row.deliveryRadiusKm ?? 0) };
}
