import { describe, expect, it } from 'vitest';
import { parseAuthRedirect } from './auth-redirect';

describe('parseAuthRedirect', () => {
  it.each([
    ['#access_token=jwt&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery', { type: 'recovery', errorCode: null }],
    ['#access_token=jwt&refresh_token=r&type=signup', { type: 'signup', errorCode: null }],
    ['#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired', { type: null, errorCode: 'otp_expired' }],
    ['#error_description=Something', { type: null, errorCode: 'unknown' }],
    // A type without a session is not a link that signed anyone in.
    ['#type=recovery', { type: null, errorCode: null }],
    ['', { type: null, errorCode: null }],
  ])('reads %s', (hash, expected) => {
    expect(parseAuthRedirect(hash)).toEqual(expected);
  });
});
