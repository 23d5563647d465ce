import { describe, expect, it } from 'vitest';
import { nextOpening, nextOpeningLabel } from './next-opening';
import { type OpeningHours, defaultOpeningHours } from './opening-hours';

const hours = (over: Partial<OpeningHours> = {}): OpeningHours => ({ ...defaultOpeningHours(), ...over });
const site = (over: Partial<{ isOpen: boolean; openingHours: OpeningHours; pausedUntil: Date | null }> = {}) => ({
  isOpen: true,
  openingHours: hours(),
  pausedUntil: null,
  ...over,
});

// Wednesday 25 November 2026 (GMT: London time equals UTC).
const at = (hhmm: string, day = '2026-11-25') => new Date(`${day}T${hhmm}:00Z`);

describe('nextOpening', () => {
  it('is null while the branch is open', () => {
    expect(nextOpening(site(), at('12:00'))).toBeNull();
  });

  it('is later today before the day opens', () => {
    const s = site({ openingHours: hours({ wednesday: { open: '17:00', close: '23:00', closed: false } }) });
    expect(nextOpening(s, at('10:00'))).toEqual({ weekday: 'wednesday', time: '17:00', daysAhead: 0 });
    expect(nextOpeningLabel(nextOpening(s, at('10:00'))!)).toBe('Opens at 17:00');
  });

  it('is tomorrow after today closes', () => {
    const next = nextOpening(site(), at('22:30'));
    expect(next).toEqual({ weekday: 'thursday', time: '09:00', daysAhead: 1 });
    expect(nextOpeningLabel(next!)).toBe('Opens tomorrow at 09:00');
  });

  it('skips closed days and names the weekday further ahead', () => {
    const closed = { open: '09:00', close: '22:00', closed: true };
    const s = site({ openingHours: hours({ thursday: closed, friday: closed }) });
    const next = nextOpening(s, at('23:00'));
    expect(next).toEqual({ weekday: 'saturday', time: '09:00', daysAhead: 3 });
    expect(nextOpeningLabel(next!)).toBe('Opens Saturday at 09:00');
  });

  it('reads the London clock in summer time', () => {
    // 15:30 UTC on a July Wednesday is 16:30 in London.
    const s = site({ openingHours: hours({ wednesday: { open: '17:00', close: '23:00', closed: false } }) });
    expect(nextOpening(s, new Date('2026-07-15T15:30:00Z'))).toEqual({
      weekday: 'wednesday',
      time: '17:00',
      daysAhead: 0,
    });
    expect(nextOpening(s, new Date('2026-07-15T16:30:00Z'))).toBeNull();
  });

  it('is the end of a pause inside the hours', () => {
    expect(nextOpening(site({ pausedUntil: at('19:30') }), at('19:00'))).toEqual({
      weekday: 'wednesday',
      time: '19:30',
      daysAhead: 0,
    });
  });

  it('is the next opening after a pause that outlasts the day', () => {
    expect(nextOpening(site({ pausedUntil: at('23:30') }), at('21:00'))).toEqual({
      weekday: 'thursday',
      time: '09:00',
      daysAhead: 1,
    });
  });

  it('is unknown when the switch is off or no day has hours', () => {
    expect(nextOpening(site({ isOpen: false }), at('10:00'))).toBeNull();
    const closed = { open: '09:00', close: '22:00', closed: true };
    const never = Object.fromEntries(Object.keys(hours()).map((d) => [d, closed])) as OpeningHours;
    expect(nextOpening(site({ openingHours: never }), at('10:00'))).toBeNull();
  });
});
