import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '../../domain/driver-flow';
import { ApiError } from '../lib/api';
import { acceptErrorMessage } from './accept-job';

describe('acceptErrorMessage', () => {
  it('says the server’s 409 as it is, whatever its words', () => {
    expect(acceptErrorMessage(new ApiError('CONFLICT', DELIVERY_MESSAGES.offline, 409))).toBe(
      DELIVERY_MESSAGES.offline,
    );
    expect(acceptErrorMessage(new ApiError('CONFLICT', 'Reworded: someone was quicker', 409))).toBe(
      'Reworded: someone was quicker',
    );
  });

  it('says a job gone from reach (404) was taken', () => {
    expect(acceptErrorMessage(new ApiError('NOT_FOUND', 'Job not found', 404))).toBe(DELIVERY_MESSAGES.taken);
  });

  it('prefixes any other refusal, and says to try again when the server was not reached', () => {
    expect(acceptErrorMessage(new ApiError('FORBIDDEN', 'You do not have permission to do this.', 403))).toBe(
      'Failed to accept job: You do not have permission to do this.',
    );
    expect(acceptErrorMessage(new Error('boom'))).toBe('Failed to accept job: Please try again.');
  });
});
