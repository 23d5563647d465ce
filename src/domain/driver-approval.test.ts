import { describe, expect, it } from 'vitest';
import { driverActionsFor, missingDocuments, nextDriverStatus, requiredDocuments } from './driver-approval';

describe('driver approval', () => {
  it('approves or rejects a pending driver', () => {
    expect(nextDriverStatus('pending', 'approve')).toBe('approved');
    expect(nextDriverStatus('pending', 'reject')).toBe('rejected');
  });

  it('suspends only an approved driver and reinstates only a suspended one', () => {
    expect(nextDriverStatus('approved', 'suspend')).toBe('suspended');
    expect(nextDriverStatus('pending', 'suspend')).toBeNull();
    expect(nextDriverStatus('suspended', 'reinstate')).toBe('approved');
    expect(nextDriverStatus('approved', 'reinstate')).toBeNull();
  });

  it('lets a rejected driver be approved after all, but not rejected twice', () => {
    expect(driverActionsFor('rejected')).toEqual([{ action: 'approve', label: 'Approve Driver', to: 'approved' }]);
    expect(nextDriverStatus('rejected', 'reject')).toBeNull();
  });

  it('offers nothing for a driver who has not applied', () => {
    expect(driverActionsFor(null)).toEqual([]);
    expect(nextDriverStatus(null, 'approve')).toBeNull();
  });

  it('needs no insurance for a bike', () => {
    expect(requiredDocuments('bike')).toEqual(['photo_id', 'right_to_work']);
    expect(missingDocuments('bike', ['photo_id', 'right_to_work'])).toEqual([]);
    expect(missingDocuments('car', ['photo_id'])).toEqual(['right_to_work', 'insurance']);
  });
});
