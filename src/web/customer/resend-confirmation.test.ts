import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { isUnconfirmedEmail } from './resend-confirmation';

describe('isUnconfirmedEmail', () => {
  it('is the server’s EMAIL_NOT_CONFIRMED code, whatever its message says', () => {
    expect(isUnconfirmedEmail(new ApiError('EMAIL_NOT_CONFIRMED', 'Email not verified', 403))).toBe(true);
    expect(isUnconfirmedEmail(new ApiError('EMAIL_NOT_CONFIRMED', 'Bitte bestätigen Sie Ihre Adresse', 403))).toBe(
      true,
    );
  });

  it('is not another 403 whose words mention confirming or verifying', () => {
    expect(isUnconfirmedEmail(new ApiError('FORBIDDEN', 'Email not verified', 403))).toBe(false);
    expect(isUnconfirmedEmail(new ApiError('TERMS_NOT_ACCEPTED', 'Please confirm the current terms', 403))).toBe(false);
  });

  it('is not a wrong password nor a failure that is no answer of the server', () => {
    expect(isUnconfirmedEmail(new ApiError('UNAUTHENTICATED', 'Invalid email or password', 401))).toBe(false);
    expect(isUnconfirmedEmail(new Error('Email not verified'))).toBe(false);
  });
});
