import { z } from 'zod';
import { SLOT_KINDS } from '../../schedule';

/** :siteId in GET /api/sites/:siteId/slots. */
export const siteSlotsParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });

/** One slot a branch offers (docs/product/customer.md#order-for-later). Times are ISO instants. */
export const slotView = z.object({
  start: z.string(),
  end: z.string(),
  kind: z.enum(SLOT_KINDS),
  /** The London date ("2026-11-27") the slot belongs to. */
  date: z.string(),
  /** For iftar and Jumu'ah: the prayer time and the calculation method. */
  note: z.string().nullable(),
});
export type SlotView = z.infer<typeof slotView>;

/** GET /api/sites/:siteId/slots: every slot from an hour from now to 7 days ahead, sorted by start. */
export const siteSlotsResponse = z.object({ slots: z.array(slotView) });
export type SiteSlotsResponse = z.infer<typeof siteSlotsResponse>;

/** Checkout's optional choice of a slot: its start and kind, exactly as the slots answer gave them. */
export const scheduledForBody = z.strictObject({
  start: z.iso.datetime({ offset: true, error: 'scheduledFor.start must be an ISO date-time' }),
  kind: z.enum(SLOT_KINDS),
});

/**
 * An order for later as every screen shows it: the slot, its kind, and whether the order still
 * waits for it (the partner's scheduled lane) or has entered the normal flow.
 */
export const scheduledView = z.object({
  start: z.string(),
  end: z.string(),
  kind: z.enum(SLOT_KINDS),
  /** "Arrive for iftar: Thu 26 Nov, 15:35–16:05" (London time). */
  text: z.string(),
  /** When the order enters (or entered) the normal flow. */
  entersFlowAt: z.string(),
  waiting: z.boolean(),
});
export type ScheduledView = z.infer<typeof scheduledView>;
