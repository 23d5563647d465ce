import { z } from 'zod';

/** GET /api/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD (Europe/London days; default the last 7). CSV: /api/admin/reports/export. */
export const reportQuery = z.strictObject({
  from: z.string().trim().optional(),
  to: z.string().trim().optional(),
});

export const reportRow = z.object({
  key: z.string(),
  label: z.string(),
  orders: z.number().int(),
  completedOrders: z.number().int(),
  revenueMinor: z.number().int(),
  avgDeliveryMinutes: z.number().nullable(),
  lateOrders: z.number().int(),
  ordersWithEta: z.number().int(),
  lateShare: z.number().nullable(),
});

export const predictionRow = z.object({
  key: z.enum(['prep', 'prep_chosen', 'travel', 'to_pickup']),
  label: z.string(),
  count: z.number().int(),
  medianAbsoluteErrorMinutes: z.number().nullable(),
  p90AbsoluteErrorMinutes: z.number().nullable(),
  biasMinutes: z.number().nullable(),
});

export const reportResponse = z.object({
  from: z.string(),
  to: z.string(),
  totals: reportRow,
  byDay: z.array(reportRow),
  bySite: z.array(reportRow),
  byCity: z.array(reportRow),
  predictions: z.array(predictionRow),
  /** The same errors per London day of accepting, days with accepted orders only. */
  predictionsByDay: z.array(predictionRow.extend({ day: z.string() })),
});
export type ReportResponse = z.infer<typeof reportResponse>;
