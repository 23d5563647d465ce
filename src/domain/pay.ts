import { z } from 'zod';
import { madeOnce } from './made-once';

/**
 * Driver pay for a delivery job (docs/product/driver.md#pay), from the tenant's pay settings:
 * option_a pays a fixed pickup amount plus a rate per mile; option_b a percentage of the
 * delivery fee; a flag pays the higher of the two. Long trips get a boost, every job at least the
 * minimum and never more than the pay cap (£6.00 unless the platform sets another); in the
 * peak-time window the boost multiplier applies too. When the settings cannot be read the
 * fallback applies: pickup 120, distance 0, model "fallback".
 */

/** The default pay cap; the platform setting `pay_cap_minor` replaces it (docs/decisions/0157-statements-and-reconciliation.md). */
export const PAY_CAP_MINOR = 600;
export const FALLBACK_PICKUP_PAY_MINOR = 120;

export const paySettingsSchema = z.object({
  payout_model: z.enum(['option_a', 'option_b']),
  pickup_pay_minor: z.number().int().min(0),
  per_mile_rate_minor: z.number().int().min(0),
  delivery_fee_percentage: z.number().min(0).max(100),
  minimum_pay_minor: z.number().int().min(0),
  distance_boost_threshold: z.number().min(0),
  distance_boost_multiplier: z.number().min(1),
  pay_higher_of_both: z.boolean(),
  // Settings added later are optional: unset, they pay as before (the £6.00 cap, no peak boost).
  pay_cap_minor: z.number().int().min(0).optional(),
  peak_boost_days: z.string().optional(),
  peak_boost_start_hour: z.number().int().min(0).max(24).optional(),
  peak_boost_end_hour: z.number().int().min(0).max(24).optional(),
  peak_boost_multiplier: z.number().min(1).optional(),
});
export type PaySettings = z.infer<typeof paySettingsSchema>;

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The weekdays a peak-days setting names ("Fri, Sat"), in the order written; unknown words are left out. */
export function peakDays(text: string): string[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter((d): d is (typeof WEEKDAYS)[number] => (WEEKDAYS as readonly string[]).includes(d));
}

const londonClock = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }),
);

/** Whether an instant falls in the peak-time window: one of its days, from the start hour to before the end hour, in London. */
export function inPeakTime(
  settings: Pick<PaySettings, 'peak_boost_days' | 'peak_boost_start_hour' | 'peak_boost_end_hour'>,
  at: Date,
): boolean {
  const parts = Object.fromEntries(
    londonClock()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  return (
    peakDays(settings.peak_boost_days ?? '').includes(parts.weekday ?? '') &&
    hour >= (settings.peak_boost_start_hour ?? 0) &&
    hour < (settings.peak_boost_end_hour ?? 0)
  );
}

/** The cap in force: the platform's setting, else £6.00. */
export function payCapOf(settings: Pick<PaySettings, 'pay_cap_minor'> | null): number {
  return settings?.pay_cap_minor ?? PAY_CAP_MINOR;
}
export const PAY_SETTING_KEYS = Object.keys(paySettingsSchema.shape) as (keyof PaySettings)[];

export type PayModel = 'option_a' | 'option_b' | 'fallback';

export type PayResult = {
  pickupPayMinor: number;
  distancePayMinor: number;
  boostMinor: number;
  /** What the minimum added (positive) or the cap took away (negative). */
  adjustmentMinor: number;
  totalPayMinor: number;
  model: PayModel;
};

/** The pay settings from tenant_settings values (already JSON-decoded), or null when any is missing or malformed. */
export function parsePaySettings(values: Record<string, unknown>): PaySettings | null {
  const parsed = paySettingsSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

function fallback(): PayResult {
  return {
    pickupPayMinor: FALLBACK_PICKUP_PAY_MINOR,
    distancePayMinor: 0,
    boostMinor: 0,
    adjustmentMinor: 0,
    totalPayMinor: FALLBACK_PICKUP_PAY_MINOR,
    model: 'fallback',
  };
}

/** A decimal setting (1.15, 85.5) in ten-thousandths, so money maths stays in integers. */
function basisPoints(value: number): number {
  return Math.round(value * 10_000);
}

/**
 * Calculates a job's pay. `orderTotalMinor` is taken for the "share of food value" rule the
 * driver screens describe; none of the configurable models uses it yet.
 *
 * Rounding is to the nearest penny, halves up, on integer arithmetic: distance counts in
 * hundredths of a mile and percentages and the boost multiplier in ten-thousandths, so
 * 45p a mile over 0.3 miles is 14p, not the 13p that binary floating point would give.
 */
export function calculateDriverPay(
  settings: PaySettings | null,
  distanceMiles: number,
  feeMinor: number,
  _orderTotalMinor: number,
  /** When the job is created: inside the peak-time window the peak multiplier applies. */
  at?: Date,
): PayResult {
  if (!settings || !Number.isFinite(distanceMiles) || !Number.isFinite(feeMinor)) return fallback();
  const miles = Math.max(0, distanceMiles);
  const hundredths = Math.round(miles * 100);
  const optionA = {
    pickup: settings.pickup_pay_minor,
    distance: Math.round((settings.per_mile_rate_minor * hundredths) / 100),
  };
  const optionB = {
    pickup: Math.round((Math.max(0, Math.round(feeMinor)) * basisPoints(settings.delivery_fee_percentage)) / 1_000_000),
    distance: 0,
  };
  const sum = (p: { pickup: number; distance: number }) => p.pickup + p.distance;

  let model: 'option_a' | 'option_b' = settings.payout_model;
  if (settings.pay_higher_of_both) model = sum(optionB) > sum(optionA) ? 'option_b' : 'option_a';
  const base = model === 'option_a' ? optionA : optionB;

  const distanceBoost =
    miles > settings.distance_boost_threshold
      ? Math.round((sum(base) * (basisPoints(settings.distance_boost_multiplier) - 10_000)) / 10_000)
      : 0;
  // The peak boost multiplies the same base as the distance boost, so the two add rather than compound.
  const peakBoost =
    at && inPeakTime(settings, at)
      ? Math.round((sum(base) * (basisPoints(settings.peak_boost_multiplier ?? 1) - 10_000)) / 10_000)
      : 0;
  const boostMinor = distanceBoost + peakBoost;
  const beforeLimits = sum(base) + boostMinor;
  const totalPayMinor = Math.min(payCapOf(settings), Math.max(settings.minimum_pay_minor, beforeLimits));
  return {
    pickupPayMinor: base.pickup,
    distancePayMinor: base.distance,
    boostMinor,
    adjustmentMinor: totalPayMinor - beforeLimits,
    totalPayMinor,
    model,
  };
}

/** The breakdown columns a delivery job stores (null on a job made before they were stored). */
export type StoredJobPay = {
  totalPayMinor: number;
  pickupPayMinor: number | null;
  distancePayMinor: number | null;
  boostMinor: number | null;
  payAdjustmentMinor: number | null;
  payModel: PayModel | null;
};

/** What a job stores of a pay result, beside its total. */
export function storedPayOf(pay: PayResult): Omit<StoredJobPay, 'totalPayMinor'> {
  return {
    pickupPayMinor: pay.pickupPayMinor,
    distancePayMinor: pay.distancePayMinor,
    boostMinor: pay.boostMinor,
    payAdjustmentMinor: pay.adjustmentMinor,
    payModel: pay.model,
  };
}

/**
 * A job's pay as the driver is shown and paid it: the breakdown stored when the job was created.
 * A job without one gets the fallback (docs/product/driver.md#pay): pickup 120, distance 0, the
 * total taken from the job, model "fallback"; the adjustment makes the parts add up.
 */
export function jobPay(job: StoredJobPay): PayResult {
  const { pickupPayMinor: pickup, distancePayMinor: distance, boostMinor: boost, payAdjustmentMinor: adjustment } = job;
  if (
    pickup !== null &&
    distance !== null &&
    boost !== null &&
    adjustment !== null &&
    job.payModel !== null &&
    pickup + distance + boost + adjustment === job.totalPayMinor
  ) {
    return {
      pickupPayMinor: pickup,
      distancePayMinor: distance,
      boostMinor: boost,
      adjustmentMinor: adjustment,
      totalPayMinor: job.totalPayMinor,
      model: job.payModel,
    };
  }
  return {
    pickupPayMinor: FALLBACK_PICKUP_PAY_MINOR,
    distancePayMinor: 0,
    boostMinor: 0,
    adjustmentMinor: job.totalPayMinor - FALLBACK_PICKUP_PAY_MINOR,
    totalPayMinor: job.totalPayMinor,
    model: 'fallback',
  };
}

/** Pay with the customer's tip on top: tips are never capped and go to the driver in full. */
export function withTip(pay: PayResult, tipMinor: number): PayResult & { tipMinor: number; totalWithTipMinor: number } {
  const tip = Math.max(0, Math.round(Number.isFinite(tipMinor) ? tipMinor : 0));
  return { ...pay, tipMinor: tip, totalWithTipMinor: pay.totalPayMinor + tip };
}

const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;
const trimNumber = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The pay rules in the driver's words, from the live settings, so what drivers read is what
 * they are paid (docs/product/driver.md#pay): a fixed marketing line would name a formula no setting produces.
 */
export function describePayRules(settings: PaySettings | null): string[] {
  if (!settings)
    return [
      `${pounds(FALLBACK_PICKUP_PAY_MINOR)} per job`,
      `Maximum ${pounds(PAY_CAP_MINOR)} per job before tips`,
      'Tips are cash from the customer at the door: every penny is yours',
    ];
  const a = `${pounds(settings.pickup_pay_minor)} per pickup plus ${pounds(settings.per_mile_rate_minor)} per mile`;
  const b = `${trimNumber(settings.delivery_fee_percentage)}% of the delivery fee`;
  const base = settings.pay_higher_of_both
    ? `The higher of ${a} or ${b}`
    : settings.payout_model === 'option_a'
      ? a
      : b;
  const boost = Math.round((settings.distance_boost_multiplier - 1) * 1000) / 10;
  const peak = Math.round(((settings.peak_boost_multiplier ?? 1) - 1) * 1000) / 10;
  const days = peakDays(settings.peak_boost_days ?? '');
  const start = settings.peak_boost_start_hour ?? 0;
  const end = settings.peak_boost_end_hour ?? 0;
  const cap = payCapOf(settings);
  const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return [
    base,
    ...(boost > 0
      ? [
          `+${trimNumber(boost)}% long-distance boost on trips over ${trimNumber(settings.distance_boost_threshold)} miles`,
        ]
      : []),
    ...(peak > 0 && days.length && end > start
      ? [`+${trimNumber(peak)}% peak-time boost on ${days.join(', ')} from ${hour(start)} to ${hour(end)}`]
      : []),
    `Minimum ${pounds(Math.min(settings.minimum_pay_minor, cap))} guaranteed`,
    `Maximum ${pounds(cap)} per job before tips`,
    'Tips are cash from the customer at the door: every penny is yours',
  ];
}
