import { describe, expect, it } from 'vitest';
import { formatFee, formatPence, poundsToPence } from './money';

describe('money', () => {
  it('formats pence as en-GB pounds', () => {
    expect(formatPence(399)).toBe('£3.99');
    expect(formatPence(123456)).toBe('£1,234.56');
  });
  it('shows a zero or missing fee as Free', () => {
    expect(formatFee(0)).toBe('Free');
    expect(formatFee(null)).toBe('Free');
    expect(formatFee(199)).toBe('£1.99');
  });
  it('rounds pounds to the nearest penny', () => {
    expect(poundsToPence(4.49)).toBe(449);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });
});
