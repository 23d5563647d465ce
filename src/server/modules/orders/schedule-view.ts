import type { ScheduledView } from '../../../domain/contracts/orders/schedule';
import { slotText } from '../../../domain/schedule';
import type { orders } from '../../db/schema/index';

type ScheduleColumns = Pick<
  typeof orders.$inferSelect,
  'scheduledFor' | 'scheduledUntil' | 'scheduledKind' | 'entersFlowAt' | 'enteredFlowAt'
>;

/** Whether a scheduled order still waits for its slot (docs/decisions/0166-scheduled-orders.md). */
export function awaitingSlot(o: Pick<ScheduleColumns, 'scheduledFor' | 'enteredFlowAt'>): boolean {
  return !!o.scheduledFor && !o.enteredFlowAt;
}

/** The slot of an order for later as the screens show it; null for an order as soon as possible. */
export function scheduledViewOf(o: ScheduleColumns): ScheduledView | null {
  if (!o.scheduledFor || !o.scheduledUntil || !o.scheduledKind || !o.entersFlowAt) return null;
  const slot = { start: o.scheduledFor, end: o.scheduledUntil, kind: o.scheduledKind };
  return {
    start: o.scheduledFor.toISOString(),
    end: o.scheduledUntil.toISOString(),
    kind: o.scheduledKind,
    text: slotText(slot),
    entersFlowAt: o.entersFlowAt.toISOString(),
    waiting: !o.enteredFlowAt,
  };
}
