import { z } from 'zod';

/**
 * POST /api/orders/:orderNumber/reorder (access as for viewing). The order's lines split into
 * those still available at that branch, at today's price, and those that are not.
 */
export const reorderResponse = z.object({
  site: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  available: z.array(
    z.object({
      menuItemId: z.uuid(),
      name: z.string(),
      description: z.string().nullable(),
      priceMinor: z.int(),
      quantity: z.int(),
    }),
  ),
  unavailable: z.array(z.object({ menuItemId: z.uuid().nullable(), name: z.string(), quantity: z.int() })),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;
