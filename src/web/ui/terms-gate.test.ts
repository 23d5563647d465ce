import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { isTermsRefusal, termsAsk } from './terms-gate';

describe('isTermsRefusal', () => {
  it("recognises the server's refusal of work before the current terms are accepted, and nothing else", () => {
    expect(
      isTermsRefusal(new ApiError('TERMS_NOT_ACCEPTED', 'Please accept the current terms to continue.', 403)),
    ).toBe(true);
    expect(isTermsRefusal(new ApiError('FORBIDDEN', 'You do not have permission to do this.', 403))).toBe(false);
    expect(isTermsRefusal(new Error('TERMS_NOT_ACCEPTED'))).toBe(false);
  });
});

describe('termsAsk', () => {
  it('asks with the card only for a first acceptance, with a banner for a new version, and not at all when accepted', () => {
    expect(termsAsk({ mustAccept: true, acceptedVersion: null })).toBe('card');
    expect(termsAsk({ mustAccept: true, acceptedVersion: '1.0' })).toBe('banner');
    expect(termsAsk({ mustAccept: false, acceptedVersion: '1.1' })).toBe('none');
    expect(termsAsk(undefined)).toBe('none');
  });
});
