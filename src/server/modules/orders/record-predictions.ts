import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { PREP_HISTORY_DAYS, type PrepPrediction, predictPrepMinutes } from '../../../domain/predictions';
import { REPORT_TIME_ZONE } from '../../../domain/reports';
import type { Tx } from '../../db/client';
import { deliveryJobs, orderPredictions } from '../../db/schema/index';

const DAY = 86_400_000;

/** The London hour of the day (0–23) of an instant. */
export function londonHour(at: Date): number {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: REPORT_TIME_ZONE,
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(at);
  return Number(text) % 24;
}

/**
 * On accepting (docs/decisions/0277-learned-prep-and-checked-predictions.md): the prep time learned from
 * the branch's own orders of the last four weeks that reached ready, recorded with the travel estimate,
 * so both can be checked against what happens. Returns the prediction the promise uses.
 */
export async function recordAcceptPredictions(
  tx: Tx,
  input: {
    orderId: string;
    siteId: string;
    chosenPrepMinutes: number;
    travel: { minutes: number | null; source: 'maps_api' | 'fallback' } | null;
    now: Date;
  },
): Promise<PrepPrediction> {
  const history = await tx
    .select({
      hour: orderPredictions.acceptHour,
      chosenMinutes: orderPredictions.chosenPrepMinutes,
      actualMinutes: orderPredictions.actualPrepMinutes,
    })
    .from(orderPredictions)
    .where(
      and(
        eq(orderPredictions.siteId, input.siteId),
        isNotNull(orderPredictions.actualPrepMinutes),
        gt(orderPredictions.acceptedAt, new Date(input.now.getTime() - PREP_HISTORY_DAYS * DAY)),
      ),
    );
  const hour = londonHour(input.now);
  const prep = predictPrepMinutes(
    history.map((r) => ({ hour: r.hour, chosenMinutes: r.chosenMinutes, actualMinutes: r.actualMinutes! })),
    hour,
    input.chosenPrepMinutes,
  );
  const row = {
    siteId: input.siteId,
    acceptedAt: input.now,
    acceptHour: hour,
    chosenPrepMinutes: input.chosenPrepMinutes,
    predictedPrepMinutes: prep.minutes,
    prepSource: prep.source,
    actualPrepMinutes: null,
    predictedTravelMinutes: input.travel?.minutes ?? null,
    travelSource: input.travel?.source ?? null,
    actualTravelMinutes: null,
  };
  await tx
    .insert(orderPredictions)
    .values({ orderId: input.orderId, ...row })
    .onConflictDoUpdate({ target: orderPredictions.orderId, set: row });
  return prep;
}

/** The kitchen marked the order ready: its real prep time, once. */
export async function recordReady(tx: Tx, orderId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ acceptedAt: orderPredictions.acceptedAt })
    .from(orderPredictions)
    .where(and(eq(orderPredictions.orderId, orderId), isNull(orderPredictions.actualPrepMinutes)));
  if (!row) return;
  await tx
    .update(orderPredictions)
    .set({ actualPrepMinutes: Math.max(0, (now.getTime() - row.acceptedAt.getTime()) / 60_000) })
    .where(eq(orderPredictions.orderId, orderId));
}

/** The order was delivered: its real travel time from the pickup, once. */
export async function recordDelivered(tx: Tx, orderId: string, now: Date): Promise<void> {
  const [job] = await tx
    .select({ pickedUpAt: deliveryJobs.pickedUpAt })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.orderId, orderId));
  if (!job?.pickedUpAt) return;
  await tx
    .update(orderPredictions)
    .set({ actualTravelMinutes: Math.max(0, (now.getTime() - job.pickedUpAt.getTime()) / 60_000) })
    .where(and(eq(orderPredictions.orderId, orderId), isNull(orderPredictions.actualTravelMinutes)));
}
