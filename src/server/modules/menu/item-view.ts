import type { ItemOverride, ManagedItem } from '../../../domain/contracts/menu/menu';
import type { menuItems } from '../../db/schema/index';

/** A base item as the console shows it, with an override when one applies. */
export function toManagedItem(item: typeof menuItems.$inferSelect, override: ItemOverride | null = null): ManagedItem {
  return {
    id: item.id,
    sectionId: item.sectionId,
    name: item.name,
    description: item.description,
    priceMinor: item.priceMinor,
    imageUrl: item.imageUrl,
    isAvailable: item.isAvailable,
    category: item.category,
    isVegetarian: item.isVegetarian,
    isVegan: item.isVegan,
    isSpicy: item.isSpicy,
    allergens: item.allergens,
    sortOrder: item.sortOrder,
    optionGroups: item.optionGroups,
    override,
  };
}
