import { describe, expect, it } from 'vitest';
import {
  applyDailyHours,
  commonHours,
  isPaused,
  numberOrZero,
  poundsFieldToPence,
  roundRadius,
} from './branch-settings';
import { defaultOpeningHours } from './opening-hours';

describe('numberOrZero', () => {
  it('reads numbers and turns anything else into 0', () => {
    expect(numberOrZero('2.5')).toBe(2.5);
    expect(numberOrZero('abc')).toBe(0);
    expect(numberOrZero('')).toBe(0);
  });
});

describe('poundsFieldToPence', () => {
  it('rounds to the penny and never goes below 0', () => {
    expect(poundsFieldToPence('2.499')).toBe(250);
    expect(poundsFieldToPence('-3')).toBe(0);
    expect(poundsFieldToPence('ten')).toBe(0);
  });
});

describe('roundRadius', () => {
  it('keeps one decimal', () => {
    expect(roundRadius(3.14159)).toBe(3.1);
  });
});

describe('commonHours', () => {
  it('picks the hours most open days share', () => {
    expect(commonHours(defaultOpeningHours())).toEqual({ open: '09:00', close: '22:00' });
  });

  it('is null when every day is closed', () => {
    const h = defaultOpeningHours();
    for (const d of Object.values(h)) d.closed = true;
    expect(commonHours(h)).toBeNull();
  });
});

describe('applyDailyHours', () => {
  it('sets every open day and leaves closed days closed', () => {
    const h = defaultOpeningHours();
    h.monday.closed = true;
    const next = applyDailyHours(h, '11:00', '23:00');
    expect(next.monday).toEqual({ ...h.monday, closed: true });
    expect(next.sunday).toEqual({ open: '11:00', close: '23:00', closed: false });
    expect(h.sunday.open).toBe('10:00');
  });
});

describe('isPaused', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is true only before the pause ends', () => {
    expect(isPaused('2026-03-10T12:30:00Z', now)).toBe(true);
    expect(isPaused('2026-03-10T12:00:00Z', now)).toBe(false);
    expect(isPaused(null, now)).toBe(false);
  });
});
