import { describe, expect, it } from 'vitest';
import { LIVE_EVENTS, liveEventProblem } from './live-events';

const ORDER = '6f1c2a4e-0b7d-4f5e-9a3b-2c1d0e9f8a7b';

describe('liveEventProblem', () => {
  it('accepts an event on a topic its entry allows, with its payload', () => {
    expect(
      liveEventProblem(`order:${ORDER}`, 'driver.position', { orderId: ORDER, at: '2026-11-25T12:00:00.000Z' }),
    ).toBe(null);
    expect(liveEventProblem('jobs:E', 'job.created', { jobId: ORDER, orderId: ORDER, area: 'E' })).toBe(null);
  });
  it('refuses an event type that is not in the table', () => {
    expect(liveEventProblem('admin', 'badge', {})).toMatch('not in the live-event table');
  });
  it('refuses a type on a topic kind it may not travel on', () => {
    expect(liveEventProblem('jobs:E', 'order.rated', { orderId: ORDER, rating: 5, tipMinor: 0 })).toMatch(
      'may not travel on jobs topics',
    );
  });
  it('refuses a text that is not a topic', () => {
    expect(liveEventProblem('everything', 'ticket.updated', { ticketId: ORDER })).toMatch('not a topic');
  });
  it('refuses a payload with a missing, wrong or unknown field', () => {
    expect(liveEventProblem('admin', 'ticket.updated', {})).toMatch('ticketId');
    expect(liveEventProblem('admin', 'driver.availability', { driverId: 'u1', isOnline: 'yes' })).toMatch('isOnline');
    expect(liveEventProblem('admin', 'ticket.message', { ticketId: ORDER, body: 'hi' })).toMatch('body');
  });
  it('accepts each of the three earnings changes and nothing else', () => {
    const user = 'user:u1';
    expect(liveEventProblem(user, 'earnings.updated', { jobId: ORDER, earningId: ORDER })).toBe(null);
    expect(liveEventProblem(user, 'earnings.updated', { orderId: ORDER, tipMinor: 200 })).toBe(null);
    expect(liveEventProblem(user, 'earnings.updated', { payoutId: ORDER })).toBe(null);
    expect(liveEventProblem(user, 'earnings.updated', { jobId: ORDER })).not.toBe(null);
  });
});

describe('LIVE_EVENTS', () => {
  it('names each type area.change in lower case and lets it travel on at least one topic kind', () => {
    for (const [type, entry] of Object.entries(LIVE_EVENTS)) {
      expect(type).toMatch(/^[a-z]+\.[a-z_]+$/);
      expect(entry.topics.length).toBeGreaterThan(0);
    }
  });
});
