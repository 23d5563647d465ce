import { z } from 'zod';
import { DEFAULT_CATEGORY, UK_ALLERGENS } from '../../menu';
import { optionalImageUrl, optionalText } from '../partner/fields';
import { managedItem } from './menu';

/** An item's price in pence, up to £1,000.00: the base menu's and a location's own (overrides.ts). */
export const itemPrice = z
  .int('Price is in whole pence')
  .min(0, 'Price cannot be negative')
  .max(100_000, 'Price is at most £1,000.00');

/**
 * POST /api/partner/sections/:sectionId/items and PATCH /api/partner/items/:itemId (owner or
 * admin). Price in pence (the form takes pounds and rounds); description, image and category
 * optional (blank is none; no category is "mains").
 */
export const createItemBody = z.strictObject({
  name: z
    .string({ error: 'Item name is required' })
    .trim()
    .min(1, 'Item name is required')
    .max(120, 'At most 120 characters'),
  description: optionalText(1000, 'Description'),
  priceMinor: itemPrice,
  imageUrl: optionalImageUrl,
  isAvailable: z.boolean().optional(),
  category: z
    .preprocess(
      (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? DEFAULT_CATEGORY : v),
      z.string().trim().max(40),
    )
    .optional(),
  isVegetarian: z.boolean().optional(),
  isVegan: z.boolean().optional(),
  isSpicy: z.boolean().optional(),
  allergens: z.array(z.enum(UK_ALLERGENS)).max(UK_ALLERGENS.length).optional(),
  sortOrder: z.int().min(0).max(10_000).optional(),
});
export type CreateItemBody = z.infer<typeof createItemBody>;
export type ItemFormInput = z.input<typeof createItemBody>;

/** Only the fields sent change; sectionId moves the item to another section of the same menu. */
export const updateItemBody = createItemBody
  .omit({ sortOrder: true })
  .partial()
  .extend({ sectionId: z.uuid().optional() });
export type UpdateItemBody = z.infer<typeof updateItemBody>;

export const itemResponse = z.object({ item: managedItem });
export type ItemResponse = z.infer<typeof itemResponse>;
