import { describe, expect, it } from 'vitest';
import { formatSortCode, maskAccountNumber, normaliseAccountNumber, normaliseSortCode } from './payout-details';

describe('payout details', () => {
  it('reads a sort code with dashes or spaces as six digits', () => {
    expect(normaliseSortCode('08-99-99')).toBe('089999');
    expect(normaliseSortCode('08 99 99')).toBe('089999');
    expect(normaliseSortCode('08999')).toBeNull();
    expect(normaliseSortCode('08-99-9a')).toBeNull();
  });

  it('takes an account number of exactly eight digits', () => {
    expect(normaliseAccountNumber('6637 4958')).toBe('66374958');
    expect(normaliseAccountNumber('6637495')).toBeNull();
    expect(normaliseAccountNumber('663749581')).toBeNull();
  });

  it('shows a sort code with dashes and only the last four digits of the account', () => {
    expect(formatSortCode('089999')).toBe('08-99-99');
    expect(maskAccountNumber('66374958')).toBe('••••4958');
  });
});
