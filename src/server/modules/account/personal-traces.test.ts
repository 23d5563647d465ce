import { describe, expect, it } from 'vitest';
import { personalDetailsPattern, phonePattern } from './personal-traces';

describe('phonePattern', () => {
  it('finds a UK number in every form people write it', () => {
    const re = new RegExp(phonePattern('07700 900123')!, 'i');
    for (const written of [
      '+447700900123',
      '+44 7700 900123',
      '+44 (0)7700 900123',
      '0044 7700 900123',
      '07700-900-123',
    ])
      expect(written.replace(re, 'X'), written).toBe('X');
    expect(re.test('07700 900124')).toBe(false);
  });
});

describe('personalDetailsPattern', () => {
  it('cuts the full name before the surname and leaves short words alone', () => {
    const re = new RegExp(personalDetailsPattern({ texts: ['Haddad', 'Layla  Haddad', 'Al'], phones: [] })!, 'gi');
    expect('From layla haddad, Al Haddad'.replace(re, '[removed]')).toBe('From [removed], Al [removed]');
  });

  it('is null when there is nothing to look for', () => {
    expect(personalDetailsPattern({ texts: [null, ''], phones: [undefined] })).toBeNull();
  });
});
