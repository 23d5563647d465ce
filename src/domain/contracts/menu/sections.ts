import { z } from 'zod';
import { managedSection } from './menu';

const title = z
  .string({ error: 'Section title is required' })
  .trim()
  .min(1, 'Section title is required')
  .max(80, 'At most 80 characters');

/** POST /api/partner/menus/:menuId/sections (owner or admin): sortOrder defaults to after the last. */
export const createSectionBody = z.strictObject({ title, sortOrder: z.int().min(0).max(10_000).optional() });
/** PATCH /api/partner/sections/:sectionId */
export const updateSectionBody = z.strictObject({ title });
export type CreateSectionBody = z.infer<typeof createSectionBody>;

export const sectionResponse = z.object({ section: managedSection });
export type SectionResponse = z.infer<typeof sectionResponse>;

/** POST /api/partner/menus/:menuId/quick-sections: Starters, Main Courses, Drinks, Desserts (0 to 3), skipping titles the menu has. */
export const quickSectionsResponse = z.object({ sections: z.array(managedSection) });

/** PUT /api/partner/menus/:menuId/section-order: every section of the menu, in the new order. */
export const sectionOrderBody = z.strictObject({ sectionIds: z.array(z.uuid()).min(1).max(200) });
/** PUT /api/partner/sections/:sectionId/item-order: every item of the section, in the new order. */
export const itemOrderBody = z.strictObject({ itemIds: z.array(z.uuid()).min(1).max(500) });

export const okResponse = z.object({ ok: z.literal(true) });
