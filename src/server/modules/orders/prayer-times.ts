import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import type { PrayerTimesLookup } from '../../../domain/schedule';

/**
 * The prayer times behind the iftar and Jumu'ah slots (docs/decisions/0167-iftar-and-jumuah-slots.md):
 * the adhan library with the Moonsighting Committee method, whose rules for high latitudes suit
 * every UK city. Maghrib is sunset plus the method's 3-minute safety margin.
 */
export function prayerTimesAt(point: { lat: number; lng: number }): PrayerTimesLookup {
  const coordinates = new Coordinates(point.lat, point.lng);
  const params = CalculationMethod.MoonsightingCommittee();
  return (londonDate) => {
    const [y, m, d] = londonDate.split('-').map(Number);
    // adhan reads the calendar date from the Date's local fields, whatever the process's time zone.
    const times = new PrayerTimes(coordinates, new Date(y, m - 1, d), params);
    return { dhuhr: times.dhuhr, maghrib: times.maghrib };
  };
}
