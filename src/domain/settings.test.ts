import { describe, expect, it } from 'vitest';
import {
  SETTING_CHOICES,
  companyDetailsFrom,
  SETTING_DEFAULTS,
  SETTING_INFO,
  SETTING_KEYS,
  parseSettingInput,
  settingsFrom,
  validateSetting,
} from './settings';

describe('tenant settings', () => {
  it('covers every key of docs/product/admin.md#settings, each with a label', () => {
    expect(SETTING_KEYS.sort()).toEqual(
      [
        'payout_model',
        'pickup_pay_minor',
        'per_mile_rate_minor',
        'delivery_fee_percentage',
        'minimum_pay_minor',
        'distance_boost_threshold',
        'distance_boost_multiplier',
        'pay_higher_of_both',
        'pay_cap_minor',
        'peak_boost_days',
        'peak_boost_start_hour',
        'peak_boost_end_hour',
        'peak_boost_multiplier',
        'order_floor_minor',
        'cancelled_after_pickup_pay',
        'commission_percent',
        'service_fee_percent',
        'maintenance_mode',
        'max_delivery_radius',
        'default_delivery_fee',
        'notification_email',
        'company_name',
        'support_phone',
        'terms_version',
      ].sort(),
    );
    for (const key of SETTING_KEYS) expect(SETTING_INFO[key].label).toBeTruthy();
  });

  it('lists the options of every choice setting, and each option passes its rule', () => {
    for (const key of SETTING_KEYS.filter((k) => SETTING_INFO[k].kind === 'choice')) {
      const options = SETTING_CHOICES[key] ?? [];
      expect(options.length, key).toBeGreaterThan(1);
      for (const o of options) expect(validateSetting(key, o.value).ok, `${key}=${o.value}`).toBe(true);
    }
    expect(SETTING_DEFAULTS.cancelled_after_pickup_pay).toBe('pickup_pay');
    expect(validateSetting('cancelled_after_pickup_pay', 'half')).toEqual({
      ok: false,
      message: 'Pay when a job is cancelled after pickup: Choose none, pickup_pay or full_pay',
    });
  });

  it('has defaults that pass their own rules', () => {
    for (const key of SETTING_KEYS) expect(validateSetting(key, SETTING_DEFAULTS[key]).ok, key).toBe(true);
  });

  it('refuses negative pence and fractions of a penny', () => {
    expect(validateSetting('per_mile_rate_minor', -1)).toEqual({
      ok: false,
      message: 'Per-mile rate (pence): Amounts cannot be negative',
    });
    expect(validateSetting('pickup_pay_minor', 12.5).ok).toBe(false);
    expect(validateSetting('pickup_pay_minor', 0)).toEqual({ ok: true, value: 0 });
  });

  it('keeps percentages between 0 and 100', () => {
    expect(validateSetting('commission_percent', 101).ok).toBe(false);
    expect(validateSetting('service_fee_percent', -3).ok).toBe(false);
    expect(validateSetting('delivery_fee_percentage', 100)).toEqual({ ok: true, value: 100 });
  });

  it('needs a boost multiplier of at least 1', () => {
    expect(validateSetting('distance_boost_multiplier', 0.9).ok).toBe(false);
    expect(validateSetting('distance_boost_multiplier', 1)).toEqual({ ok: true, value: 1 });
  });

  it('accepts only the two payout models and real booleans', () => {
    expect(validateSetting('payout_model', 'option_c').ok).toBe(false);
    expect(validateSetting('payout_model', 'option_b')).toEqual({ ok: true, value: 'option_b' });
    expect(validateSetting('maintenance_mode', 'true').ok).toBe(false);
    expect(validateSetting('pay_higher_of_both', true)).toEqual({ ok: true, value: true });
  });

  it('checks the e-mail, phone and non-blank text', () => {
    expect(validateSetting('notification_email', 'ops@').ok).toBe(false);
    expect(validateSetting('support_phone', 'call us').ok).toBe(false);
    expect(validateSetting('company_name', '   ').ok).toBe(false);
    expect(validateSetting('company_name', ' HalalNosh ')).toEqual({ ok: true, value: 'HalalNosh' });
  });

  it('falls back to the default for a missing or invalid stored value', () => {
    const s = settingsFrom({ per_mile_rate_minor: 75, commission_percent: 250 });
    expect(s.per_mile_rate_minor).toBe(75);
    expect(s.commission_percent).toBe(15);
    expect(s.terms_version).toBe('1.0');
  });

  it('parses integers for pence and decimals for miles, and marks junk as not a number', () => {
    expect(parseSettingInput('pence', '75')).toBe(75);
    expect(parseSettingInput('pence', '7.5')).toBeNaN();
    expect(parseSettingInput('decimal', '2.5')).toBe(2.5);
    expect(parseSettingInput('percent', '')).toBeUndefined();
    expect(parseSettingInput('boolean', 'true')).toBe(true);
  });
});

describe('company details', () => {
  it('read the stored company name and support phone, and the defaults for missing or invalid ones', () => {
    expect(companyDetailsFrom({})).toEqual({ companyName: 'HalalNosh', supportPhone: '020 7946 0000' });
    expect(companyDetailsFrom({ company_name: 'Nosh Direct', support_phone: 'not a phone' })).toEqual({
      companyName: 'Nosh Direct',
      supportPhone: '020 7946 0000',
    });
  });
});
