import { z } from 'zod';
import { itemPrice } from './items';
import { managedItem } from './menu';

/**
 * PUT /api/partner/sites/:siteId/items/:itemId/override (any staff of the location): this
 * location's availability, price and description for a base item. Only the fields sent change;
 * null goes back to the base menu's value. An override with every field null is removed.
 */
export const overrideBody = z
  .strictObject({
    isAvailable: z.boolean().nullable(),
    priceMinor: itemPrice.nullable(),
    description: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(1000).nullable(),
    ),
    /** Options of the item this location does not offer; null or [] offers them all. */
    unavailableOptionIds: z.array(z.uuid()).max(200).nullable(),
  })
  .partial();
export type OverrideBody = z.infer<typeof overrideBody>;

export const overrideResponse = z.object({ item: managedItem });
