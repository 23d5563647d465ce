import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { describe, expect, it } from 'vitest';
import { generateSlots, londonWallToInstant } from '../../../domain/schedule';
import { ALWAYS_OPEN } from './test-fixtures';
import { calendarDay, prayerTimesAt } from './prayer-times';

const CITIES = {
  London: { lat: 51.5074, lng: -0.1278 },
  Birmingham: { lat: 52.4862, lng: -1.8904 },
  Glasgow: { lat: 55.8642, lng: -4.2518 },
};

/** The 1st and 15th of every month of 2027, and the days British Summer Time starts and ends. */
const DATES = [
  ...Array.from({ length: 12 }, (_, m) =>
    [1, 15].map((d) => `2027-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  ).flat(),
  '2027-03-28',
  '2027-10-31',
];

/** The library's own Maghrib for a calendar date, asked directly. */
function libraryMaghrib(point: { lat: number; lng: number }, date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new PrayerTimes(
    new Coordinates(point.lat, point.lng),
    new Date(y, m - 1, d),
    CalculationMethod.MoonsightingCommittee(),
  ).maghrib;
}

describe('iftar slots across a year', () => {
  for (const [city, point] of Object.entries(CITIES)) {
    it(`end within 2 minutes of the library's Maghrib in ${city}, on every date, in GMT and BST`, () => {
      const prayerTimes = prayerTimesAt(point);
      for (const date of DATES) {
        // Generate from 06:00 London time that day, so the day's iftar is on offer.
        const now = londonWallToInstant(date, 6 * 60)!;
        const iftar = generateSlots({ openingHours: ALWAYS_OPEN, now, prayerTimes }).find(
          (s) => s.kind === 'iftar' && s.date === date,
        );
        expect(iftar, `${city} ${date}`).toBeDefined();
        const gap = Math.abs(new Date(iftar!.end).getTime() - libraryMaghrib(point, date).getTime());
        expect(gap, `${city} ${date}`).toBeLessThanOrEqual(2 * 60_000);
      }
    });
  }

  it('agrees with published sunset times: Maghrib a few minutes after sunset', () => {
    // Published sunsets (London time): London 21 June 21:21 BST, 21 December 15:53 GMT;
    // Glasgow 21 June 22:05 BST, 21 December 15:44 GMT.
    const cases: [keyof typeof CITIES, string, string][] = [
      ['London', '2027-06-21', '2027-06-21T20:21:00Z'],
      ['London', '2027-12-21', '2027-12-21T15:53:00Z'],
      ['Glasgow', '2027-06-21', '2027-06-21T21:05:00Z'],
      ['Glasgow', '2027-12-21', '2027-12-21T15:44:00Z'],
    ];
    for (const [city, date, sunset] of cases) {
      const maghrib = prayerTimesAt(CITIES[city])(date)!.maghrib.getTime();
      const after = (maghrib - new Date(sunset).getTime()) / 60_000;
      expect(after, `${city} ${date}`).toBeGreaterThanOrEqual(1);
      expect(after, `${city} ${date}`).toBeLessThanOrEqual(6);
    }
  });

  it("puts Dhuhr, and so the Jumu'ah slot, just after solar noon on a London Friday", () => {
    const dhuhr = prayerTimesAt(CITIES.London)('2027-01-01')!.dhuhr;
    // Solar noon in London on 1 January is about 12:04 GMT; the method adds 5 minutes.
    expect(dhuhr.getTime()).toBeGreaterThanOrEqual(new Date('2027-01-01T12:05:00Z').getTime());
    expect(dhuhr.getTime()).toBeLessThanOrEqual(new Date('2027-01-01T12:12:00Z').getTime());
  });
});

/**
 * Prayer times and the slots made from them for a few dates around the clock changes, as JSON,
 * computed by a separate Node process started in the given time zone (a zone cannot be changed
 * reliably inside a running process).
 */
function computedIn(timeZone: string): string {
  const prayerTimes = fileURLToPath(new URL('./prayer-times.ts', import.meta.url));
  const schedule = fileURLToPath(new URL('../../../domain/schedule.ts', import.meta.url));
  const script = `
    import { prayerTimesAt } from ${JSON.stringify(prayerTimes)};
    import { generateSlots, londonWallToInstant } from ${JSON.stringify(schedule)};
    const hours = Object.fromEntries(['monday','tuesday','wednesday','thursday','friday','saturday','sunday']
      .map((d) => [d, { open: '00:00', close: '00:00', closed: false }]));
    const out = [];
    for (const [lat, lng] of [[51.5074, -0.1278], [55.8642, -4.2518]]) {
      const at = prayerTimesAt({ lat, lng });
      for (const date of ['2027-03-27', '2027-03-28', '2027-10-30', '2027-10-31', '2027-12-31']) {
        const now = londonWallToInstant(date, 6 * 60);
        const special = generateSlots({ openingHours: hours, now, prayerTimes: at }).filter((s) => s.kind !== 'standard');
        out.push([date, at(date), special.map((s) => [s.kind, s.date, s.start, s.end])]);
      }
    }
    process.stdout.write(JSON.stringify(out));`;
  return execFileSync(resolve('node_modules/.bin/tsx'), ['-e', script], {
    env: { ...process.env, TZ: timeZone },
    encoding: 'utf8',
  });
}

describe('the process time zone', () => {
  it('never moves the calendar day adhan is given', () => {
    for (const date of ['2027-01-01', '2027-03-28', '2027-10-31', '2027-12-31']) {
      const day = calendarDay(date);
      const [y, m, d] = date.split('-').map(Number);
      expect([day.getFullYear(), day.getMonth() + 1, day.getDate()]).toEqual([y, m, d]);
    }
  });

  it('changes no prayer time and no iftar or Jumu’ah slot, from UTC-11 to UTC+14', () => {
    const inUtc = computedIn('UTC');
    expect(JSON.parse(inUtc).length).toBe(10);
    for (const zone of [
      'Pacific/Pago_Pago',
      'America/Los_Angeles',
      'Europe/London',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
    ]) {
      expect(computedIn(zone), zone).toBe(inUtc);
    }
  }, 120_000);
});
