import { describe, expect, it } from 'vitest';
import { authRedirectAtStart, forgetAuthLinkError, parseAuthRedirect } from './auth-redirect';

describe('parseAuthRedirect', () => {
  it.each([
    ['#access_token=jwt&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery', { type: 'recovery', errorCode: null, path: '/x' }],
    ['#access_token=jwt&refresh_token=r&type=signup', { type: 'signup', errorCode: null, path: '/x' }],
    [
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      { type: null, errorCode: 'otp_expired', path: '/x' },
    ],
    ['#error_description=Something', { type: null, errorCode: 'unknown', path: '/x' }],
    // A type without a session is not a link that signed anyone in.
    ['#type=recovery', { type: null, errorCode: null, path: '/x' }],
    ['', { type: null, errorCode: null, path: '/x' }],
  ])('reads %s', (hash, expected) => {
    expect(parseAuthRedirect(hash, '/x')).toEqual(expected);
  });

  it('forgets an expired link once someone signs in, keeping the rest', () => {
    const before = authRedirectAtStart();
    forgetAuthLinkError();
    expect(authRedirectAtStart()).toEqual({ ...before, errorCode: null });
  });
});
