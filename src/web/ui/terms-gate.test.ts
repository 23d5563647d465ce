import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { isTermsRefusal } from './terms-gate';

describe('isTermsRefusal', () => {
  it("recognises the server's refusal of work before the current terms are accepted, and nothing else", () => {
    expect(
      isTermsRefusal(new ApiError('TERMS_NOT_ACCEPTED', 'Please accept the current terms to continue.', 403)),
    ).toBe(true);
    expect(isTermsRefusal(new ApiError('FORBIDDEN', 'You do not have permission to do this.', 403))).toBe(false);
    expect(isTermsRefusal(new Error('TERMS_NOT_ACCEPTED'))).toBe(false);
  });
});
