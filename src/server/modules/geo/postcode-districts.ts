import { z } from 'zod';
import groups from './postcode-districts.json';

/** An outward code (`E1`, `EC1A`, `SW1A`, `M14`) and its centroid as [lat, lng] inside the UK. */
const districtGroups = z.record(
  z.string(),
  z.record(
    z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/),
    z.tuple([z.number().min(49).max(61), z.number().min(-9).max(2)]),
  ),
);

/**
 * Centroids of UK postcode districts (outward codes) as [lat, lng], to about 0.01 degrees: every
 * London district (with the lettered sub-districts of EC, SW1, W1 and WC), the outer-London
 * areas, and the central districts of the 20 directory cities, so postcode search works with no
 * network. Approximate on purpose: a district is a few kilometres across, and a branch's delivery
 * radius (0.5 to 20 km) is what decides whether it reaches a customer.
 *
 * The table is data: postcode-districts.json beside this file, grouped by area (London: East, Outer
 * London, each directory city), checked when loaded and flattened into one lookup by outward code.
 */
export const POSTCODE_DISTRICTS: Record<string, readonly [number, number]> = Object.assign(
  {},
  ...Object.values(districtGroups.parse(groups)),
);
