import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFee, formatPence, groupedInteger, poundsToPence } from './money';

describe('money', () => {
  it('formats pence as en-GB pounds', () => {
    expect(formatPence(399)).toBe('£3.99');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(-399)).toBe('-£3.99');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(100_000_000)).toBe('£1,000,000.00');
  });
  it('writes every whole number of pence as Intl does for GBP in en-GB', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [1, 5, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, -1, -100_001]) {
      expect(formatPence(pence)).toBe(intl.format(pence / 100));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        fc.pre(pence !== 0);
        expect(formatPence(pence)).toBe(intl.format(pence / 100));
      }),
    );
  });
  it('rounds a fraction of a penny half away from zero, as Intl does', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [12.5, 12.4, 12.6, -12.5, 0.5, 99.5, 149.99]) {
      expect(formatPence(pence)).toBe(intl.format((Math.sign(pence) * Math.round(Math.abs(pence))) / 100));
    }
    expect(formatPence(12.5)).toBe('£0.13');
    expect(formatPence(-0.4)).toBe('£0.00');
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

describe('groupedInteger', () => {
  it('writes whole numbers as Intl does in en-GB', () => {
    const intl = new Intl.NumberFormat('en-GB');
    for (const n of [0, 7, 999, 1000, 1_144_900, -1234, Number.MAX_SAFE_INTEGER]) {
      expect(groupedInteger(n)).toBe(intl.format(n));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        fc.pre(!Object.is(n, -0));
        expect(groupedInteger(n)).toBe(intl.format(n));
      }),
    );
  });
});
