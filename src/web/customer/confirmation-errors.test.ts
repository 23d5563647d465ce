import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_ERROR, CONFIRMATION_FAILED, callbackErrorMessage } from './confirmation-errors';

describe('callbackErrorMessage', () => {
  it.each(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'USER_NOT_FOUND', 'INVALID_USER'])(
    'says the confirmation failed for a refused link (%s)',
    (code) => {
      expect(callbackErrorMessage(code)).toBe('Email confirmation failed. Please try again.');
      expect(CONFIRMATION_FAILED).toBe('Email confirmation failed. Please try again.');
    },
  );

  it('says "Authentication error" for any other error', () => {
    expect(callbackErrorMessage('access_denied')).toBe(AUTHENTICATION_ERROR);
    expect(callbackErrorMessage('')).toBe('Authentication error. Please try again.');
  });
});
