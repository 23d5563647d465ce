import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import type { PrayerTimesLookup } from '../../../domain/schedule';

/**
 * The London date as adhan takes it. adhan reads only the Date's local calendar fields
 * (getFullYear, getMonth, getDate) and answers UTC instants, so the Date must carry the London
 * date in those fields in whatever time zone the process runs. Local noon does in every zone:
 * local midnight may not exist where a clock change happens at midnight, and an instant built in
 * UTC would fall on another local day east or west of it (docs/decisions/0167-iftar-and-jumuah-slots.md).
 */
export function calendarDay(londonDate: string): Date {
  const [y, m, d] = londonDate.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}

/**
 * The prayer times behind the iftar and Jumu'ah slots (docs/decisions/0167-iftar-and-jumuah-slots.md):
 * the adhan library with the Moonsighting Committee method, whose rules for high latitudes suit
 * every UK city. Maghrib is sunset plus the method's 3-minute safety margin.
 */
export function prayerTimesAt(point: { lat: number; lng: number }): PrayerTimesLookup {
  const coordinates = new Coordinates(point.lat, point.lng);
  const params = CalculationMethod.MoonsightingCommittee();
  return (londonDate) => {
    const times = new PrayerTimes(coordinates, calendarDay(londonDate), params);
    return { dhuhr: times.dhuhr, maghrib: times.maghrib };
  };
}
