import { z } from 'zod';
import { optionGroup } from './options';

export const menuSiteParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });
export const menuParams = z.strictObject({ menuId: z.uuid('menuId must be a UUID') });
export const sectionParams = z.strictObject({ sectionId: z.uuid('sectionId must be a UUID') });
export const itemParams = z.strictObject({ itemId: z.uuid('itemId must be a UUID') });
export const siteItemParams = z.strictObject({
  siteId: z.uuid('siteId must be a UUID'),
  itemId: z.uuid('itemId must be a UUID'),
});

/** This location's changes to a base item; a null field means "as the base menu". */
export const itemOverride = z.object({
  isAvailable: z.boolean().nullable(),
  priceMinor: z.int().nullable(),
  description: z.string().nullable(),
  /** Options of the item this location does not offer (null: it offers every option). */
  unavailableOptionIds: z.array(z.uuid()).nullable(),
});
export type ItemOverride = z.infer<typeof itemOverride>;

/** A base menu item as the console shows it, with this location's override when it has one. */
export const managedItem = z.object({
  id: z.uuid(),
  sectionId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  priceMinor: z.int(),
  imageUrl: z.string().nullable(),
  isAvailable: z.boolean(),
  category: z.string(),
  isVegetarian: z.boolean(),
  isVegan: z.boolean(),
  isSpicy: z.boolean(),
  allergens: z.array(z.string()),
  sortOrder: z.int(),
  optionGroups: z.array(optionGroup),
  override: itemOverride.nullable(),
});
export type ManagedItem = z.infer<typeof managedItem>;

export const managedSection = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  sortOrder: z.int(),
  items: z.array(managedItem),
});
export type ManagedSection = z.infer<typeof managedSection>;

/**
 * GET /api/partner/sites/:siteId/menu (any staff of the location): the brand's base menu (one per
 * brand) with this location's overrides; `menu` is null until the brand has one ("Create Menu").
 */
export const siteMenuResponse = z.object({
  site: z.object({ id: z.uuid(), name: z.string(), brandId: z.uuid(), brandName: z.string() }),
  menu: z.object({ id: z.uuid(), sections: z.array(managedSection) }).nullable(),
  /** Owners and admins edit the base menu; a site manager only this location's overrides. */
  canEditBase: z.boolean(),
});
export type SiteMenuResponse = z.infer<typeof siteMenuResponse>;
