import type { Db } from '../client';
import { tenantSettings } from '../schema/index';

/** The spec's defaults for every tenant setting (spec 3, section 9). */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  payout_model: 'option_a',
  pickup_pay_minor: 120,
  per_mile_rate_minor: 60,
  delivery_fee_percentage: 85,
  minimum_pay_minor: 300,
  distance_boost_threshold: 2.0,
  distance_boost_multiplier: 1.15,
  pay_higher_of_both: false,
  commission_percent: 15,
  service_fee_percent: 3,
  instant_cashout_fee_minor: 50,
  maintenance_mode: false,
  max_delivery_radius: 10,
  default_delivery_fee: 299,
  notification_email: 'ops@halalnosh.test',
  company_name: 'HalalNosh',
  support_phone: '020 7946 0000',
  terms_version: '1.0',
};

/** Inserts any missing setting with its default; existing values are kept. */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insert(tenantSettings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([k, v]) => ({ settingKey: k, settingValue: JSON.stringify(v) })))
    .onConflictDoNothing({ target: [tenantSettings.tenantId, tenantSettings.settingKey] });
}
