import { z } from 'zod';
import { optionGroup } from '../menu/options';
import { WEEKDAYS } from '../../opening-hours';
import { restaurantCard } from './restaurant-card';

/** GET /api/restaurants/:slug */
export const getRestaurantParams = z.strictObject({ slug: z.string().min(1).max(200) });

/** A menu item as this branch sells it: its own price and description where it overrides the brand's. */
export const menuItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceMinor: z.number().int(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  isVegetarian: z.boolean(),
  isVegan: z.boolean(),
  isSpicy: z.boolean(),
  allergens: z.array(z.string()),
  sortOrder: z.number().int(),
  /** The item's option groups as this branch sells them (docs/product/customer.md#item-options). */
  optionGroups: z.array(optionGroup),
});
export type MenuItem = z.infer<typeof menuItem>;

/** A section of the menu; an untitled section is called "Other". */
export const menuSection = z.object({ id: z.string(), title: z.string(), items: z.array(menuItem) });
export type MenuSection = z.infer<typeof menuSection>;

/**
 * The branch page: every card field, the brand's description, and the menu of available items
 * in sort order. `menu` is null when there is nothing to order yet ("Menu coming soon").
 * 404 "Restaurant not found" for an unknown or inactive branch.
 */
export const restaurantDetail = restaurantCard.extend({
  brandDescription: z.string().nullable(),
  /** The week's hours on the London clock (docs/product/customer.md#opening-hours). */
  openingHours: z.array(
    z.object({ weekday: z.enum(WEEKDAYS), open: z.string(), close: z.string(), closed: z.boolean() }),
  ),
  menu: z.object({ sections: z.array(menuSection) }).nullable(),
});
export type RestaurantDetail = z.infer<typeof restaurantDetail>;

export const getRestaurantResponse = z.object({ restaurant: restaurantDetail });
export type GetRestaurantResponse = z.infer<typeof getRestaurantResponse>;
