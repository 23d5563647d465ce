import { describe, expect, it } from 'vitest';
import { formatPhone, normaliseUkPhone, phoneForStorage, phoneSearchDigits, storedPhone } from './phone';

describe('normaliseUkPhone', () => {
  it('reads a UK mobile however it is written', () => {
    for (const written of [
      '07700 900123',
      '07700900123',
      '+447700900123',
      '+44 7700 900123',
      '+44 (0)7700 900123',
      '0044 7700 900123',
      '07700-900-123',
      ' (07700) 900 123 ',
    ])
      expect(normaliseUkPhone(written), written).toBe('+447700900123');
  });

  it('reads landlines and non-geographic numbers', () => {
    expect(normaliseUkPhone('020 7946 0018')).toBe('+442079460018');
    expect(normaliseUkPhone('(0121) 496 0000')).toBe('+441214960000');
    expect(normaliseUkPhone('01632 960123')).toBe('+441632960123');
    expect(normaliseUkPhone('0300 123 4567')).toBe('+443001234567');
    expect(normaliseUkPhone('016977 3456')).toBe('+44169773456');
  });

  it('refuses what is not a UK number', () => {
    for (const text of ['', 'call me', '0770090', '+33 1 23 45 67 89', '7700 900123', '07700 900123 4', '06 1234 5678'])
      expect(normaliseUkPhone(text), text).toBeNull();
  });
});

describe('phoneForStorage', () => {
  it('stores UK numbers and numbers written with a country code in E.164, the rest as typed', () => {
    expect(phoneForStorage(' 07700 900123 ')).toBe('+447700900123');
    expect(phoneForStorage('+33 1 23 45 67 89')).toBe('+33123456789');
    expect(phoneForStorage('0033 1 23 45 67 89')).toBe('+33123456789');
    expect(phoneForStorage('')).toBe('');
    expect(storedPhone('  ')).toBeNull();
    expect(storedPhone(null)).toBeNull();
    expect(storedPhone('020 7946 0018')).toBe('+442079460018');
  });
});

describe('formatPhone', () => {
  it('shows stored numbers in UK style', () => {
    expect(formatPhone('+447700900123')).toBe('07700 900123');
    expect(formatPhone('+442079460018')).toBe('020 7946 0018');
    expect(formatPhone('+441214960000')).toBe('0121 496 0000');
    expect(formatPhone('+441632960123')).toBe('01632 960123');
    expect(formatPhone('+443001234567')).toBe('0300 123 4567');
    expect(formatPhone('+44169773456')).toBe('01697 73456');
    expect(formatPhone('07700 900123')).toBe('07700 900123');
    expect(formatPhone('+33123456789')).toBe('+33123456789');
  });
});

describe('phoneSearchDigits', () => {
  it('finds a stored number by any form of it, whole or in part', () => {
    expect(phoneSearchDigits('07700900123')).toBe('7700900123');
    expect(phoneSearchDigits('+447700900123')).toBe('7700900123');
    expect(phoneSearchDigits('+44 (0)7700 900123')).toBe('7700900123');
    expect(phoneSearchDigits('07700 900')).toBe('7700900');
    expect(phoneSearchDigits('HN-100016')).toBeNull();
    expect(phoneSearchDigits('amina@example.com')).toBeNull();
  });
});
