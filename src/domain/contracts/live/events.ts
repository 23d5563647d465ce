import { z } from 'zod';

/** GET /api/events: comma-separated topics (see domain/topics.ts), plus a visitor's order token. */
export const liveEventsQuery = z.strictObject({
  topics: z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).min(1, 'name at least one topic').max(20, 'at most 20 topics')),
  orderToken: z.string().max(200).optional(),
  /** A visitor's group order member token, for `group:{id}` and the group's order (docs/decisions/0256-group-order-links-and-member-tokens.md). */
  groupMember: z.string().max(200).optional(),
});
