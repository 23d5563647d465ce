import { z } from 'zod';
import {
  CANCELLED_PICKUP_PAY_OPTIONS,
  CANCELLED_PICKUP_PAY_RULES,
  DEFAULT_CANCELLED_PICKUP_PAY_RULE,
} from './cancelled-pickup-pay';
import type { CompanyDetails } from './company-details';

/**
 * Platform (tenant) settings (docs/product/admin.md#settings): every key, its type, its default
 * and the rule a value must meet. The server validates every write with these rules
 * and the admin Settings form checks the same ones before sending.
 */

const pence = z
  .number({ error: 'Enter an amount in pence' })
  .int('Enter a whole number of pence')
  .min(0, 'Amounts cannot be negative');
const percent = z
  .number({ error: 'Enter a percentage' })
  .int('Enter a whole percentage')
  .min(0, 'Percentages must be between 0 and 100')
  .max(100, 'Percentages must be between 0 and 100');
const hour = z
  .number({ error: 'Enter an hour from 0 to 24' })
  .int('Enter a whole hour')
  .min(0, 'Enter an hour from 0 to 24')
  .max(24, 'Enter an hour from 0 to 24');
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const SETTING_SCHEMAS = {
  payout_model: z.enum(['option_a', 'option_b'], { error: 'Choose option_a or option_b' }),
  pickup_pay_minor: pence,
  per_mile_rate_minor: pence,
  delivery_fee_percentage: percent,
  minimum_pay_minor: pence,
  distance_boost_threshold: z
    .number({ error: 'Enter a distance in miles' })
    .min(0, 'The distance cannot be negative')
    .max(100, 'The distance is too long'),
  distance_boost_multiplier: z
    .number({ error: 'Enter a multiplier' })
    .min(1, 'The multiplier must be at least 1')
    .max(5, 'The multiplier must be at most 5'),
  pay_higher_of_both: z.boolean({ error: 'Choose on or off' }),
  pay_cap_minor: pence,
  peak_boost_days: z
    .string({ error: 'Enter days like Fri, Sat' })
    .trim()
    .regex(
      /^((Mon|Tue|Wed|Thu|Fri|Sat|Sun)(\s*,\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun))*)?$/,
      'Enter days like Fri, Sat (Mon to Sun), or leave it empty for no peak time',
    ),
  peak_boost_start_hour: hour,
  peak_boost_end_hour: hour,
  peak_boost_multiplier: z
    .number({ error: 'Enter a multiplier' })
    .min(1, 'The multiplier must be at least 1')
    .max(5, 'The multiplier must be at most 5'),
  cancelled_after_pickup_pay: z.enum(CANCELLED_PICKUP_PAY_RULES, { error: 'Choose none, pickup_pay or full_pay' }),
  commission_percent: percent,
  service_fee_percent: percent,
  order_floor_minor: pence.min(1, 'The platform minimum order must be at least 1p'),
  maintenance_mode: z.boolean({ error: 'Choose on or off' }),
  max_delivery_radius: z
    .number({ error: 'Enter a radius in km' })
    .gt(0, 'The radius must be more than 0 km')
    .max(100, 'The radius must be at most 100 km'),
  default_delivery_fee: pence,
  notification_email: z.email({ error: 'Enter a valid email address' }),
  company_name: text('Company name', 100),
  support_phone: z
    .string({ error: 'Support phone is required' })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number'),
  terms_version: text('Terms version', 20),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTING_SCHEMAS)[K]> };
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

/** The defaults of docs/product/admin.md#settings (the demo seed inserts the same values). */
export const SETTING_DEFAULTS: Settings = {
  payout_model: 'option_a',
  pickup_pay_minor: 120,
  per_mile_rate_minor: 60,
  delivery_fee_percentage: 85,
  minimum_pay_minor: 300,
  distance_boost_threshold: 2.0,
  distance_boost_multiplier: 1.15,
  pay_higher_of_both: false,
  pay_cap_minor: 600,
  peak_boost_days: 'Fri, Sat',
  peak_boost_start_hour: 17,
  peak_boost_end_hour: 21,
  peak_boost_multiplier: 1,
  cancelled_after_pickup_pay: DEFAULT_CANCELLED_PICKUP_PAY_RULE,
  commission_percent: 15,
  // Off until the platform decides to charge it (docs/decisions/0155-service-fee-and-commission-snapshot.md).
  service_fee_percent: 0,
  // An order must bring money in before it can cost a driver job
  // (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
  order_floor_minor: 100,
  maintenance_mode: false,
  max_delivery_radius: 10,
  default_delivery_fee: 299,
  notification_email: 'ops@halalnosh.test',
  company_name: 'HalalNosh',
  support_phone: '020 7946 0000',
  terms_version: '1.0',
};

/** How the form shows and parses a setting: pence as pounds, integers, decimals, text, on/off or a choice. */
export type SettingKind = 'pence' | 'percent' | 'decimal' | 'boolean' | 'text' | 'email' | 'choice';

export type SettingGroup = 'general' | 'delivery' | 'system' | 'notifications' | 'pay';

export const SETTING_INFO: Record<
  SettingKey,
  { label: string; kind: SettingKind; group: SettingGroup; hint?: string }
> = {
  company_name: { label: 'Company name', kind: 'text', group: 'general' },
  support_phone: { label: 'Support phone', kind: 'text', group: 'general' },
  terms_version: { label: 'Terms version', kind: 'text', group: 'general' },
  max_delivery_radius: { label: 'Max delivery radius (km)', kind: 'decimal', group: 'delivery' },
  default_delivery_fee: {
    label: 'Default delivery fee (pence)',
    kind: 'pence',
    group: 'delivery',
    hint: 'For new locations.',
  },
  commission_percent: {
    label: 'Commission (%)',
    kind: 'percent',
    group: 'delivery',
    hint: 'Taken from each order’s food value.',
  },
  service_fee_percent: {
    label: 'Service fee (%)',
    kind: 'percent',
    group: 'delivery',
    hint: 'Charged to customers on the food of each order; 0 charges none.',
  },
  order_floor_minor: {
    label: 'Platform minimum order (pence)',
    kind: 'pence',
    group: 'delivery',
    hint: 'Food value every order must reach, whatever a restaurant’s own minimum; restaurants cannot change it.',
  },
  maintenance_mode: {
    label: 'Maintenance mode',
    kind: 'boolean',
    group: 'system',
    hint: 'While on, customers cannot place new orders and are told the platform is under maintenance.',
  },
  notification_email: {
    label: 'Notification email',
    kind: 'email',
    group: 'notifications',
    hint: 'Where operations alerts are sent.',
  },
  payout_model: { label: 'Payout model', kind: 'choice', group: 'pay' },
  pickup_pay_minor: {
    label: 'Pickup pay (pence)',
    kind: 'pence',
    group: 'pay',
    hint: 'Option A: fixed pay per pickup.',
  },
  per_mile_rate_minor: { label: 'Per-mile rate (pence)', kind: 'pence', group: 'pay', hint: 'Option A: pay per mile.' },
  delivery_fee_percentage: {
    label: 'Delivery fee percentage (%)',
    kind: 'percent',
    group: 'pay',
    hint: 'Option B: share of the delivery fee.',
  },
  minimum_pay_minor: {
    label: 'Minimum pay (pence)',
    kind: 'pence',
    group: 'pay',
    hint: 'Every job pays at least this.',
  },
  distance_boost_threshold: { label: 'Distance boost threshold (miles)', kind: 'decimal', group: 'pay' },
  distance_boost_multiplier: {
    label: 'Distance boost multiplier',
    kind: 'decimal',
    group: 'pay',
    hint: 'At least 1; 1.15 adds 15%.',
  },
  pay_higher_of_both: { label: 'Pay the higher of both models', kind: 'boolean', group: 'pay' },
  pay_cap_minor: {
    label: 'Pay cap (pence)',
    kind: 'pence',
    group: 'pay',
    hint: 'No job pays more than this before tips.',
  },
  peak_boost_days: {
    label: 'Peak-time days',
    kind: 'text',
    group: 'pay',
    hint: 'For example Fri, Sat; empty for no peak time.',
  },
  peak_boost_start_hour: {
    label: 'Peak-time start hour',
    kind: 'decimal',
    group: 'pay',
    hint: '0 to 24, London time.',
  },
  peak_boost_end_hour: {
    label: 'Peak-time end hour',
    kind: 'decimal',
    group: 'pay',
    hint: 'Jobs created before this hour get the boost.',
  },
  peak_boost_multiplier: {
    label: 'Peak-time boost multiplier',
    kind: 'decimal',
    group: 'pay',
    hint: '1 for no boost; 1.2 adds 20%.',
  },
  cancelled_after_pickup_pay: {
    label: 'Pay when a job is cancelled after pickup',
    kind: 'choice',
    group: 'pay',
    hint: 'What a driver earns when the order is cancelled after they picked it up.',
  },
};

export const PAYOUT_MODEL_OPTIONS = [
  { value: 'option_a', label: 'Option A: fixed pickup plus per mile' },
  { value: 'option_b', label: 'Option B: percentage of delivery fee' },
] as const;

/** The options of each choice setting, as the Settings form lists them. */
export const SETTING_CHOICES: Partial<Record<SettingKey, readonly { value: string; label: string }[]>> = {
  payout_model: PAYOUT_MODEL_OPTIONS,
  cancelled_after_pickup_pay: CANCELLED_PICKUP_PAY_OPTIONS,
};

/** Whether a string names a setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_SCHEMAS, key);
}

export type SettingCheck<K extends SettingKey> = { ok: true; value: Settings[K] } | { ok: false; message: string };

/** Checks one value against its key's rule; the message names what is wrong. */
export function validateSetting<K extends SettingKey>(key: K, value: unknown): SettingCheck<K> {
  const parsed = SETTING_SCHEMAS[key].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as Settings[K] };
  return { ok: false, message: `${SETTING_INFO[key].label}: ${parsed.error.issues[0]?.message ?? 'invalid value'}` };
}

/**
 * Reads stored (JSON-decoded) values into a full settings object: a missing or invalid value
 * falls back to its default, so readers always get something usable.
 */
export function settingsFrom(stored: Partial<Record<string, unknown>>): Settings {
  const out = { ...SETTING_DEFAULTS } as Record<SettingKey, unknown>;
  for (const key of SETTING_KEYS) {
    if (!(key in stored)) continue;
    const check = validateSetting(key, stored[key]);
    if (check.ok) out[key] = check.value;
  }
  return out as Settings;
}

/** The company name and support phone from stored (JSON-decoded) values; a missing or invalid one reads as its default. */
export function companyDetailsFrom(stored: Partial<Record<string, unknown>>): CompanyDetails {
  const s = settingsFrom(stored);
  return { companyName: s.company_name, supportPhone: s.support_phone };
}

/**
 * Parses what an admin typed into a settings field: integers for pence and percentages, decimals
 * for miles and the multiplier (docs/product/admin.md#settings). Returns undefined for text that is no number.
 */
export function parseSettingInput(kind: SettingKind, raw: string): unknown {
  const t = raw.trim();
  switch (kind) {
    case 'pence':
    case 'percent':
      return /^-?\d+$/.test(t) ? Number(t) : t === '' ? undefined : Number.NaN;
    case 'decimal':
      return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t === '' ? undefined : Number.NaN;
    case 'boolean':
      return t === 'true';
    case 'text':
    case 'email':
    case 'choice':
      return t;
    default: {
      const never: never = kind;
      throw new Error(`Unknown setting kind ${String(never)}`);
    }
  }
}
