import { describe, expect, it } from 'vitest';
import {
  ESTIMATED_TIME_MINUTES,
  estimateWindow,
  etaFrom,
  evaluateLateness,
  runningLate,
  straightLineEstimate,
  travelMinutes,
  vehicleSpeedKmh,
} from './eta';

const MIN = 60_000;
const t0 = new Date('2026-03-02T12:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);

describe('straight-line ETA', () => {
  it('uses bike 15, scooter 25, car 30 and motorcycle 35 km/h', () => {
    expect(travelMinutes(10, 'bike')).toBe(40);
    expect(travelMinutes(10, 'scooter')).toBe(24);
    expect(travelMinutes(10, 'car')).toBe(20);
    expect(travelMinutes(7, 'motorcycle')).toBe(12);
  });

  it('travels as a car when the vehicle is unknown or missing', () => {
    expect(vehicleSpeedKmh(undefined)).toBe(30);
    expect(vehicleSpeedKmh('hovercraft')).toBe(30);
    expect(travelMinutes(10, null)).toBe(20);
  });

  it('never estimates under 5 minutes of travel', () => {
    expect(travelMinutes(0.2, 'car')).toBe(5);
    expect(travelMinutes(0, 'bike')).toBe(5);
  });

  it('measures the distance with an Earth radius of 6371 km', () => {
    // One degree of latitude is 6371 * pi / 180 = 111.19 km.
    const e = straightLineEstimate({ lat: 51, lng: 0 }, { lat: 52, lng: 0 }, 'car');
    expect(e.distanceKm).toBeCloseTo(111.19, 2);
    expect(e.travelTimeMinutes).toBe(Math.ceil((111.19 / 30) * 60));
    expect(e.source).toBe('fallback');
  });

  it('adds prep time and travel to now', () => {
    expect(etaFrom(t0, 20, 7)).toEqual(at(27));
    expect(etaFrom(t0, 20, null)).toEqual(at(20));
  });
});

describe('estimated time shown to the customer', () => {
  it('stores 40 minutes for delivery and 25 for pickup', () => {
    expect(ESTIMATED_TIME_MINUTES).toEqual({ DELIVERY: 40, PICKUP: 25 });
  });

  it('shows them as 35-45 and 20-30 minutes', () => {
    expect(estimateWindow(40)).toEqual({ min: 35, max: 45, text: '35-45 min' });
    expect(estimateWindow(25).text).toBe('20-30 min');
  });
});

describe('lateness', () => {
  const eta = { initialEta: at(0), currentEta: at(0), isLate: false, csTicketCreated: false };

  it('leaves an order alone before its current ETA', () => {
    expect(evaluateLateness(eta, at(-1))).toEqual({ markLate: false, currentEta: at(0), raiseTicket: false });
  });

  it('marks the order late once the current ETA has passed and moves it 4 minutes ahead', () => {
    expect(evaluateLateness(eta, at(0.5))).toEqual({ markLate: true, currentEta: at(4.5), raiseTicket: false });
  });

  it('never moves the ETA into the past when the check runs long after it', () => {
    expect(evaluateLateness(eta, at(30)).currentEta).toEqual(at(34));
  });

  it('says running late once the current ETA has passed, before the server has marked it', () => {
    expect(runningLate(eta, at(-0.5))).toBe(false);
    expect(runningLate(eta, at(0))).toBe(true);
    expect(runningLate({ ...eta, isLate: true, currentEta: at(4) }, at(1))).toBe(true);
  });

  it('marks an order late only once', () => {
    expect(evaluateLateness({ ...eta, isLate: true, currentEta: at(4) }, at(5))).toMatchObject({
      markLate: false,
      currentEta: at(4),
    });
  });

  it('raises a ticket only when more than 12 minutes past the initial ETA', () => {
    expect(evaluateLateness({ ...eta, isLate: true }, at(12)).raiseTicket).toBe(false);
    expect(evaluateLateness({ ...eta, isLate: true }, at(12.1)).raiseTicket).toBe(true);
  });

  it('raises no second ticket', () => {
    expect(evaluateLateness({ ...eta, isLate: true, csTicketCreated: true }, at(60)).raiseTicket).toBe(false);
  });
});
