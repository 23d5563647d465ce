import { z } from 'zod';
import { MAX_OPTIONS_PER_GROUP, MAX_OPTION_GROUPS, groupProblem } from '../../menu-options';

/** One option as menus answer it: its id, name and price in pence. */
export const menuOption = z.object({ id: z.uuid(), name: z.string(), priceMinor: z.int() });
/** One option group as menus answer it (docs/product/partner.md#item-options). */
export const optionGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  minSelect: z.int(),
  maxSelect: z.int(),
  options: z.array(menuOption),
});

const name = (what: string) =>
  z
    .string({ error: `${what} name is required` })
    .trim()
    .min(1, `${what} name is required`)
    .max(60, 'At most 60 characters');

/** An option as the menu manager sends it: a new one has no id yet. */
const optionInput = z.strictObject({
  id: z.uuid().optional(),
  name: name('Option'),
  priceMinor: z
    .int('Price is in whole pence')
    .min(0, 'Price cannot be negative')
    .max(100_000, 'Price is at most £1,000.00'),
});

const groupInput = z
  .strictObject({
    id: z.uuid().optional(),
    name: name('Group'),
    minSelect: z.int().min(0, 'The minimum cannot be negative').max(MAX_OPTIONS_PER_GROUP),
    maxSelect: z.int().min(1, 'The maximum must be at least 1').max(MAX_OPTIONS_PER_GROUP),
    options: z.array(optionInput).max(MAX_OPTIONS_PER_GROUP, `At most ${MAX_OPTIONS_PER_GROUP} options in a group`),
  })
  .superRefine((g, ctx) => {
    const problem = groupProblem(g);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * PUT /api/partner/items/:itemId/options (brand owner or admin): the item's option groups, all of
 * them, in order. Ids sent keep an option's per-location availability; new ones get an id.
 */
export const itemOptionsBody = z.strictObject({
  groups: z
    .array(groupInput)
    .max(MAX_OPTION_GROUPS, `At most ${MAX_OPTION_GROUPS} option groups on an item`)
    .superRefine((groups, ctx) => {
      const names = groups.map((g) => g.name.toLowerCase());
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', message: 'Two groups have the same name' });
    }),
});
export type ItemOptionsBody = z.infer<typeof itemOptionsBody>;
export type ItemOptionsInput = z.input<typeof itemOptionsBody>;
