// Auth features the stack deliberately leaves out answer as GoTrue does with the feature off
// (status, error_code, message from supabase/auth), never a bare 404; recover and resend do not
// tell whether an e-mail exists; and an invalid new e-mail is refused (docs/decisions/0022-local-stack-fidelity.md).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANON_KEY, API_URL } from '../keys.ts';
import { client, signedInUser, uniqueEmail } from './helpers.ts';

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${API_URL}/auth/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function assertError(answer: { status: number; json: Record<string, unknown> }, status: number, code: string, message: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer.json));
  assert.equal(answer.json.error_code ?? answer.json.code, code);
  assert.equal(answer.json.msg ?? answer.json.message, message);
}

describe('auth: features the stack leaves out', () => {
  test('without a session: SSO, passkeys, phone OTP, verify, Web3, ID token, anonymous and phone sign-up', async () => {
    assertError(await call('POST', '/sso', { domain: 'example.com' }), 404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
    assertError(await call('POST', '/passkeys/authentication/options', {}), 404, 'passkey_disabled', 'Passkeys are disabled');
    assertError(await call('POST', '/otp', { phone: '+34600000000' }), 400, 'phone_provider_disabled', 'Unsupported phone provider');
    assertError(await call('POST', '/otp', {}), 400, 'validation_failed', 'One of email or phone must be set');
    assertError(
      await call('POST', '/verify', { type: 'email', email: uniqueEmail('v'), token: '123456' }),
      403,
      'otp_expired',
      'Token has expired or is invalid',
    );
    assertError(await call('POST', '/verify', { email: 'a@b.co', token: '1' }), 400, 'validation_failed', 'Verify requires a verification type');
    assertError(await call('POST', '/token?grant_type=web3', { chain: 'solana' }), 422, 'web3_provider_disabled', 'Web3 provider is disabled');
    assertError(
      await call('POST', '/token?grant_type=id_token', { provider: 'apple', id_token: 'x' }),
      400,
      'provider_disabled',
      'Provider (issuer "https://appleid.apple.com") is not enabled',
    );
    const google = await call('POST', '/token?grant_type=id_token', { provider: 'google', id_token: 'not-a-google-token' });
    assert.equal(google.status, 400);
    assert.deepEqual(google.json, { error: 'invalid request', error_description: 'Bad ID token' });
    assertError(await call('POST', '/signup', {}), 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    assertError(await call('POST', '/signup', { phone: '+34600000000', password: 'Secreta123' }), 422, 'phone_provider_disabled', 'Phone signups are disabled');
    const anonymous = await client().auth.signInAnonymously();
    assert.equal(anonymous.error?.code, 'anonymous_provider_disabled');
  });

  test('signed in: MFA factors, identity linking; reauthenticate mails a code', async () => {
    const user = await signedInUser('absent');
    assertError(await call('POST', '/factors', { factor_type: 'totp' }, user.token), 422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    assertError(
      await call('POST', '/factors', { factor_type: 'webauthn' }, user.token),
      422,
      'mfa_webauthn_enroll_not_enabled',
      'MFA enroll is disabled for WebAuthn',
    );
    assertError(
      await call('POST', '/factors', { factor_type: 'sms' }, user.token),
      400,
      'validation_failed',
      'factor_type needs to be totp, phone, or webauthn',
    );
    assertError(await call('POST', '/factors/6f1d2c7e-3a8b-4c1d-9e2f-0a1b2c3d4e5f/challenge', {}, user.token), 404, 'mfa_factor_not_found', 'Factor not found');
    assertError(await call('POST', '/factors/not-a-uuid/verify', {}, user.token), 404, 'validation_failed', 'factor_id must be an UUID');
    assertError(
      await call('GET', '/user/identities/authorize?provider=google', undefined, user.token),
      404,
      'manual_linking_disabled',
      'Manual linking is disabled',
    );
    // Without a session Kong copies the legacy apikey to Authorization without `Bearer ` (gateway/kong.ts).
    assertError(await call('POST', '/factors', { factor_type: 'totp' }), 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const reauth = await call('GET', '/reauthenticate', undefined, user.token);
    assert.equal(reauth.status, 200);
    assert.deepEqual(reauth.json, {});
    const enroll = await user.client.auth.mfa.enroll({ factorType: 'totp' });
    assert.equal(enroll.error?.code, 'mfa_totp_enroll_not_enabled');
  });

  test('recover and resend are accepted without telling whether the e-mail exists; bad input refused', async () => {
    const user = await signedInUser('recover');
    assert.deepEqual(await call('POST', '/recover', { email: user.email }), { status: 200, json: {} });
    assert.deepEqual(await call('POST', '/recover', { email: uniqueEmail('nadie') }), { status: 200, json: {} });
    assertError(await call('POST', '/recover', {}), 400, 'validation_failed', 'Password recovery requires an email');
    assertError(await call('POST', '/recover', { email: 'no-es-un-correo' }), 400, 'validation_failed', 'Unable to validate email address: invalid format');
    assert.deepEqual(await call('POST', '/resend', { type: 'signup', email: user.email }), { status: 200, json: {} });
    assertError(
      await call('POST', '/resend', { email: user.email }),
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  });

  test('updateUser with an invalid e-mail is refused and changes nothing', async () => {
    const user = await signedInUser('mail');
    const { error } = await user.client.auth.updateUser({ email: 'invalid-email' });
    assert.equal(error?.status, 400);
    assert.equal(error?.code, 'validation_failed');
    assert.equal(error?.message, 'Unable to validate email address: invalid format');
    const { data } = await user.client.auth.getUser();
    assert.equal(data.user?.email, user.email);
    assert.equal(data.user?.new_email, undefined);
  });
});
