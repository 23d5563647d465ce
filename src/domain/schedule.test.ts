import { describe, expect, it } from 'vitest';
import { defaultOpeningHours } from './opening-hours';
import {
  MIN_LEAD_MINUTES,
  type PrayerTimesLookup,
  addDays,
  entersFlowAt,
  findSlot,
  generateSlots,
  londonWallClock,
  londonWallToInstant,
  openIntervals,
  scheduledEstimateText,
  slotDayText,
  slotOptionText,
  slotText,
  weekdayOf,
} from './schedule';

const hours = defaultOpeningHours();
const MINUTE = 60_000;

describe('London wall clock', () => {
  it('reads noon in winter as noon UTC and in summer as 11:00 UTC', () => {
    expect(londonWallToInstant('2026-12-01', 12 * 60)?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(londonWallToInstant('2026-07-01', 12 * 60)?.toISOString()).toBe('2026-07-01T11:00:00.000Z');
  });

  it('moves by an hour across the day British Summer Time starts (29 March 2026)', () => {
    expect(londonWallToInstant('2026-03-28', 12 * 60)?.toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(londonWallToInstant('2026-03-29', 12 * 60)?.toISOString()).toBe('2026-03-29T11:00:00.000Z');
  });

  it('has no 01:30 on the day the clocks go forward', () => {
    expect(londonWallToInstant('2026-03-29', 90)).toBeNull();
  });

  it('takes the first of the two 01:30s on the day the clocks go back (25 October 2026)', () => {
    expect(londonWallToInstant('2026-10-25', 90)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(londonWallToInstant('2026-10-25', 12 * 60)?.toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });

  it('names the London date, not the UTC one, just after midnight in summer', () => {
    expect(londonWallClock(new Date('2026-07-01T23:30:00Z'))).toEqual({ date: '2026-07-02', minute: 30 });
  });

  it('counts weekdays and days across month ends', () => {
    expect(weekdayOf('2026-11-27')).toBe('friday');
    expect(addDays('2026-11-27', 5)).toBe('2026-12-02');
  });
});

describe('opening intervals', () => {
  it('is one stretch for ordinary hours', () => {
    expect(openIntervals(hours, '2026-11-25')).toEqual([[9 * 60, 22 * 60]]);
  });

  it('carries a late night past midnight into the next date', () => {
    const late = { ...hours, friday: { open: '17:00', close: '02:00', closed: false } };
    expect(openIntervals(late, '2026-11-27')).toEqual([[17 * 60, 1440]]);
    expect(openIntervals(late, '2026-11-28')).toEqual([
      [0, 120],
      [9 * 60, 22 * 60],
    ]);
  });

  it('is empty on a closed day', () => {
    const shut = { ...hours, wednesday: { ...hours.wednesday, closed: true } };
    expect(openIntervals(shut, '2026-11-25')).toEqual([]);
  });
});

describe('slot generation', () => {
  // Wednesday 25 November 2026, 10:10 in London (GMT).
  const now = new Date('2026-11-25T10:10:00Z');

  it('offers 30-minute slots on the half hour inside opening hours, the first an hour or more away', () => {
    const slots = generateSlots({ openingHours: hours, now });
    expect(slots[0]).toMatchObject({ start: '2026-11-25T11:30:00.000Z', end: '2026-11-25T12:00:00.000Z' });
    const today = slots.filter((s) => s.date === '2026-11-25');
    expect(today.at(-1)).toMatchObject({ start: '2026-11-25T21:30:00.000Z', end: '2026-11-25T22:00:00.000Z' });
    for (const s of slots) {
      expect(new Date(s.start).getTime() - now.getTime()).toBeGreaterThanOrEqual(MIN_LEAD_MINUTES * MINUTE);
      expect(new Date(s.end).getTime() - new Date(s.start).getTime()).toBe(30 * MINUTE);
    }
  });

  it('offers nothing further ahead than 7 days', () => {
    const slots = generateSlots({ openingHours: hours, now });
    const last = new Date(slots.at(-1)!.start).getTime();
    expect(last).toBeLessThanOrEqual(now.getTime() + 7 * 24 * 60 * MINUTE);
    expect(slots.at(-1)!.date).toBe('2026-12-02');
  });

  it('skips closed days', () => {
    const sundayOff = { ...hours, sunday: { ...hours.sunday, closed: true } };
    const slots = generateSlots({ openingHours: sundayOff, now });
    expect(slots.some((s) => s.date === '2026-11-29')).toBe(false);
    expect(slots.some((s) => s.date === '2026-11-28')).toBe(true);
  });

  it('follows British Summer Time: 09:00 London is 08:00 UTC in summer and 09:00 UTC in winter', () => {
    const friday = new Date('2026-03-27T06:00:00Z');
    const slots = generateSlots({ openingHours: hours, now: friday });
    const firstOf = (date: string) => slots.find((s) => s.date === date)!.start;
    expect(firstOf('2026-03-28')).toBe('2026-03-28T09:00:00.000Z');
    // Sunday 29 March: clocks forward at 01:00; Sunday hours open at 10:00 BST.
    expect(firstOf('2026-03-29')).toBe('2026-03-29T09:00:00.000Z');
    expect(firstOf('2026-03-30')).toBe('2026-03-30T08:00:00.000Z');
  });

  it('skips the slots of the hour that does not exist when the clocks go forward', () => {
    const allNight = { ...hours, saturday: { open: '18:00', close: '04:00', closed: false } };
    const slots = generateSlots({ openingHours: allNight, now: new Date('2026-03-28T12:00:00Z') });
    const sundayNight = slots.filter((s) => s.date === '2026-03-29' && s.start < '2026-03-29T04:00:00.000Z');
    // 00:00, 00:30, then 02:00 (01:00 UTC) onwards: 01:00 and 01:30 London never happen.
    expect(sundayNight.map((s) => s.start)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-29T02:30:00.000Z',
    ]);
    expect(sundayNight.map((s) => londonWallClock(new Date(s.start)).minute)).toEqual([0, 30, 120, 150, 180, 210]);
  });

  describe('iftar and Jumu’ah', () => {
    // Made-up prayer times for the test: Maghrib 16:05:40 and Dhuhr 12:04:10 every day (GMT).
    const prayerTimes: PrayerTimesLookup = (date) => ({
      maghrib: new Date(`${date}T16:05:40Z`),
      dhuhr: new Date(`${date}T12:04:10Z`),
    });

    it('offers "Arrive for iftar" ending at Maghrib each day, with the method named', () => {
      const slots = generateSlots({ openingHours: hours, now, prayerTimes });
      const iftars = slots.filter((s) => s.kind === 'iftar');
      // Today and the next six days: the seventh day's iftar is more than 7 days after now.
      expect(iftars.map((s) => s.date)).toEqual([
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
        '2026-11-30',
        '2026-12-01',
      ]);
      expect(iftars[0]).toMatchObject({
        start: '2026-11-25T15:35:00.000Z',
        end: '2026-11-25T16:05:00.000Z',
        note: 'Maghrib 16:05, by the Moonsighting Committee method',
      });
      expect(slotText(iftars[0])).toBe('Arrive for iftar: Wed 25 Nov, 15:35–16:05');
    });

    it('offers "After Jumu\'ah" on Fridays only, an hour after Dhuhr', () => {
      const slots = generateSlots({ openingHours: hours, now, prayerTimes });
      const jumuah = slots.filter((s) => s.kind === 'jumuah');
      expect(jumuah.map((s) => s.start)).toEqual(['2026-11-27T13:04:00.000Z']);
      expect(jumuah[0].note).toBe('An hour after Dhuhr (12:04), by the Moonsighting Committee method');
    });

    it('leaves out an iftar slot when the branch is closed at sunset', () => {
      const lunchOnly = { ...hours, thursday: { open: '11:00', close: '15:00', closed: false } };
      const slots = generateSlots({ openingHours: lunchOnly, now, prayerTimes });
      expect(slots.some((s) => s.kind === 'iftar' && s.date === '2026-11-26')).toBe(false);
      expect(slots.some((s) => s.kind === 'iftar' && s.date === '2026-11-27')).toBe(true);
    });
  });
});

describe('choosing a slot', () => {
  const now = new Date('2026-11-25T10:10:00Z');
  const slots = generateSlots({ openingHours: hours, now });

  it('finds an offered slot by start and kind', () => {
    expect(findSlot(slots, { start: '2026-11-25T12:00:00Z', kind: 'standard' })?.end).toBe('2026-11-25T12:30:00.000Z');
  });

  it('refuses a slot that is not offered: off the grid, in the past, too soon, the wrong kind', () => {
    expect(findSlot(slots, { start: '2026-11-25T12:10:00Z', kind: 'standard' })).toBeNull();
    expect(findSlot(slots, { start: '2026-11-24T12:00:00Z', kind: 'standard' })).toBeNull();
    expect(findSlot(slots, { start: '2026-11-25T10:30:00Z', kind: 'standard' })).toBeNull();
    expect(findSlot(slots, { start: '2026-11-25T12:00:00Z', kind: 'iftar' })).toBeNull();
    expect(findSlot(slots, { start: 'not a date', kind: 'standard' })).toBeNull();
  });
});

describe('entering the flow', () => {
  const slotStart = new Date('2026-11-25T18:00:00Z');
  const placedAt = new Date('2026-11-25T10:00:00Z');

  it('starts a delivery accept (10) + prep (20) + travel before the slot', () => {
    const at = entersFlowAt({ slotStart, orderType: 'DELIVERY', travelMinutes: 15, placedAt });
    expect(at.toISOString()).toBe('2026-11-25T17:15:00.000Z');
  });

  it('plans 20 minutes of travel when the distance is unknown, none for pickup, and adds busy minutes', () => {
    expect(entersFlowAt({ slotStart, orderType: 'DELIVERY', travelMinutes: null, placedAt }).toISOString()).toBe(
      '2026-11-25T17:10:00.000Z',
    );
    expect(
      entersFlowAt({ slotStart, orderType: 'PICKUP', travelMinutes: 15, busyExtraMinutes: 10, placedAt }).toISOString(),
    ).toBe('2026-11-25T17:20:00.000Z');
  });

  it('is never before the order was placed', () => {
    const late = new Date('2026-11-25T17:50:00Z');
    expect(entersFlowAt({ slotStart, orderType: 'DELIVERY', travelMinutes: 30, placedAt: late })).toEqual(late);
  });
});

describe('picker texts', () => {
  const now = new Date('2026-11-25T23:30:00Z');

  it('names today and tomorrow on the London calendar', () => {
    expect(slotDayText('2026-11-25', now)).toBe('Today (Wed 25 Nov)');
    expect(slotDayText('2026-11-26', now)).toBe('Tomorrow (Thu 26 Nov)');
    expect(slotDayText('2026-11-27', now)).toBe('Fri 27 Nov');
  });

  it('lists an ordinary slot by its window and a special one by its name', () => {
    const start = '2026-11-26T15:35:00.000Z';
    const end = '2026-11-26T16:05:00.000Z';
    expect(slotOptionText({ start, end, kind: 'standard' })).toBe('15:35–16:05');
    expect(slotOptionText({ start, end, kind: 'iftar' })).toBe('Arrive for iftar (15:35–16:05)');
  });

  it('gives checkout’s estimate as the chosen slot, day and time on the London clock', () => {
    expect(scheduledEstimateText('DELIVERY', { start: '2026-11-26T15:35:00.000Z', kind: 'iftar' })).toBe(
      'Scheduled delivery: Thu 26 Nov, 15:35–16:05 (Arrive for iftar)',
    );
    // British Summer Time: 17:00 UTC is 18:00 in London.
    expect(scheduledEstimateText('PICKUP', { start: '2026-06-12T17:00:00.000Z', kind: 'standard' })).toBe(
      'Ready for collection: Fri 12 Jun, 18:00–18:30',
    );
  });
});
