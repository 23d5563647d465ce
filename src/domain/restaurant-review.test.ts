import { describe, expect, it } from 'vitest';
import { isListed, reviewMove } from './restaurant-review';

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
});
