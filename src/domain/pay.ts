import { z } from 'zod';

/**
 * Driver pay for a delivery job (spec 3, sections 3 and 9), from the tenant's pay settings:
 * option_a pays a fixed pickup amount plus a rate per mile; option_b a percentage of the
 * delivery fee; a flag pays the higher of the two. Long trips get a boost, every job at least the
 * minimum and never more than the £6.00 cap. When the settings cannot be read the spec's fallback
 * applies: pickup 120, distance 0, model "fallback".
 */

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
});
export type PaySettings = z.infer<typeof paySettingsSchema>;
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

/**
 * Calculates a job's pay. `orderTotalMinor` is taken for the "share of food value" rule the
 * driver screens describe; none of the configurable models uses it yet.
 */
export function calculateDriverPay(
  settings: PaySettings | null,
  distanceMiles: number,
  feeMinor: number,
  _orderTotalMinor: number,
): PayResult {
  if (!settings || !Number.isFinite(distanceMiles) || !Number.isFinite(feeMinor)) return fallback();
  const miles = Math.max(0, distanceMiles);
  const optionA = { pickup: settings.pickup_pay_minor, distance: Math.round(settings.per_mile_rate_minor * miles) };
  const optionB = { pickup: Math.round((Math.max(0, feeMinor) * settings.delivery_fee_percentage) / 100), distance: 0 };
  const sum = (p: { pickup: number; distance: number }) => p.pickup + p.distance;

  let model: 'option_a' | 'option_b' = settings.payout_model;
  if (settings.pay_higher_of_both) model = sum(optionB) > sum(optionA) ? 'option_b' : 'option_a';
  const base = model === 'option_a' ? optionA : optionB;

  const boostMinor =
    miles > settings.distance_boost_threshold ? Math.round(sum(base) * (settings.distance_boost_multiplier - 1)) : 0;
  const beforeLimits = sum(base) + boostMinor;
  const totalPayMinor = Math.min(PAY_CAP_MINOR, Math.max(settings.minimum_pay_minor, beforeLimits));
  return {
    pickupPayMinor: base.pickup,
    distancePayMinor: base.distance,
    boostMinor,
    adjustmentMinor: totalPayMinor - beforeLimits,
    totalPayMinor,
    model,
  };
}
