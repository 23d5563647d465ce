import { describe, expect, it } from 'vitest';
import { defaultOpeningHours } from './opening-hours';
import {
  type ReadinessFacts,
  isListed,
  isReadyForReview,
  reviewMove,
  reviewReadiness,
  reviewRefusal,
} from './restaurant-review';

const ready: ReadinessFacts = {
  lat: 51.52,
  lng: -0.07,
  openingHours: defaultOpeningHours(),
  deliveryRadiusKm: 5,
  deliveryFeeMinor: 199,
  menuItemCount: 1,
};

describe('restaurant review', () => {
  it('lets a partner submit a draft or a location with requested changes, and nothing else', () => {
    expect(reviewMove('draft', 'submit')).toBe('submitted');
    expect(reviewMove('changes_requested', 'submit')).toBe('submitted');
    expect(reviewMove('approved', 'submit')).toBeNull();
    expect(reviewMove('submitted', 'submit')).toBeNull();
  });

  it('approves or sends back a submitted location', () => {
    expect(reviewMove('submitted', 'approve')).toBe('approved');
    expect(reviewMove('submitted', 'request_changes')).toBe('changes_requested');
    expect(reviewMove('draft', 'approve')).toBeNull();
  });

  it('does not approve a location sent back for changes until the partner submits it again', () => {
    expect(reviewMove('changes_requested', 'approve')).toBeNull();
    expect(reviewRefusal('changes_requested', 'approve')).toBe(
      "This location is waiting for the partner's changes. You can approve it once they submit it again.",
    );
  });

  it('suspends only an approved location and reinstates only a suspended one', () => {
    expect(reviewMove('approved', 'suspend')).toBe('suspended');
    expect(reviewMove('submitted', 'suspend')).toBeNull();
    expect(reviewMove('suspended', 'reinstate')).toBe('approved');
    expect(reviewMove('approved', 'reinstate')).toBeNull();
  });

  it('lists an approved location only while its brand is not suspended', () => {
    expect(isListed({ reviewStatus: 'approved', brandSuspendedAt: null })).toBe(true);
    expect(isListed({ reviewStatus: 'approved', brandSuspendedAt: new Date() })).toBe(false);
    expect(isListed({ reviewStatus: 'submitted', brandSuspendedAt: null })).toBe(false);
  });

  it('is ready for review with an address on the map, opening hours, delivery terms and a menu item', () => {
    expect(reviewReadiness(ready)).toEqual({ address: true, hours: true, delivery: true, menu: true });
    expect(isReadyForReview(reviewReadiness(ready))).toBe(true);
    expect(isReadyForReview(reviewReadiness({ ...ready, deliveryFeeMinor: 0 }))).toBe(true);
  });

  it('is not ready without coordinates, an open day, a radius in bounds or a menu item', () => {
    expect(reviewReadiness({ ...ready, lat: null, lng: null }).address).toBe(false);
    const closed = Object.fromEntries(
      Object.entries(defaultOpeningHours()).map(([day, h]) => [day, { ...h, closed: true }]),
    ) as ReadinessFacts['openingHours'];
    expect(reviewReadiness({ ...ready, openingHours: closed }).hours).toBe(false);
    expect(reviewReadiness({ ...ready, deliveryRadiusKm: 0 }).delivery).toBe(false);
    expect(reviewReadiness({ ...ready, deliveryFeeMinor: -1 }).delivery).toBe(false);
    expect(reviewReadiness({ ...ready, menuItemCount: 0 }).menu).toBe(false);
    expect(isReadyForReview(reviewReadiness({ ...ready, menuItemCount: 0 }))).toBe(false);
  });
});
