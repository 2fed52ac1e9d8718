// Auth rules from supabase/config.toml as GoTrue applies them (docs/decisions/0022-local-stack-fidelity.md): password
// requirements with weak_password and its reasons, the 72-byte bcrypt limit, the per-IP
// [auth.rate_limit] buckets (429 over_request_rate_limit; every endpoint's own in
// auth-rate-limits.test.ts), and no e-mail enumeration by timing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { ANON_KEY, API_URL } from '../keys.ts';
import { client, PASSWORD, signedInUser, uniqueEmail } from './helpers.ts';

const SETS = 'abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789';

async function post(path: string, body: unknown, ip?: string): Promise<{ status: number; code: string }> {
  const headers: Record<string, string> = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  if (ip) headers['x-forwarded-for'] = `${ip}, 127.0.0.1`;
  const response = await fetch(`${API_URL}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as { code?: string };
  return { status: response.status, code: json.code ?? '' };
}

const randomIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${Date.now()}`;

describe('auth rules from config.toml', () => {
  test('password_requirements = lower_upper_letters_digits: weak_password with its reasons, nothing created', async () => {
    const cases: [string, string[], string][] = [
      ['secreta123', ['characters'], `Password should contain at least one character of each: ${SETS}.`],
      ['Corta12', ['length'], 'Password should be at least 8 characters.'],
      ['corta', ['length', 'characters'], `Password should be at least 8 characters. Password should contain at least one character of each: ${SETS}.`],
    ];
    for (const [password, reasons, message] of cases) {
      const { data, error } = await client().auth.signUp({ email: uniqueEmail('weak'), password });
      assert.ok(error instanceof AuthWeakPasswordError, password);
      assert.equal(error.status, 422);
      assert.deepEqual(error.reasons, reasons);
      assert.equal(error.message, message);
      assert.equal(data.user, null);
    }
    const user = await signedInUser('weak-update');
    const { error } = await user.client.auth.updateUser({ password: 'sinmayuscula1' });
    assert.ok(error instanceof AuthWeakPasswordError);
    assert.deepEqual(error.reasons, ['characters']);
  });

  test('a password over 72 bytes is refused as GoTrue does (bcrypt would cut it)', async () => {
    for (const password of [`Aa1${'x'.repeat(70)}`, `Aa1${'ñ'.repeat(35)}`]) {
      const { error } = await client().auth.signUp({ email: uniqueEmail('long'), password });
      assert.equal(error?.status, 400, password);
      assert.equal(error?.code, 'validation_failed');
      assert.equal(error?.message, 'Password cannot be longer than 72 characters');
    }
    const { error } = await client().auth.signUp({ email: uniqueEmail('long-ok'), password: `Aa1${'x'.repeat(69)}` });
    assert.equal(error, null, '72 bytes are fine');
  });

  test('sign-ups per IP: a burst of 30, then 429 over_request_rate_limit; other IPs go on', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i += 1) {
      assert.equal((await post('/auth/v1/signup', { email: uniqueEmail('burst'), password: 'debil' }, ip)).code, 'weak_password', `request ${i + 1}`);
    }
    assert.deepEqual(await post('/auth/v1/signup', { email: uniqueEmail('burst'), password: 'debil' }, ip), { status: 429, code: 'over_request_rate_limit' });
    assert.equal((await post('/auth/v1/signup', { email: uniqueEmail('burst'), password: 'debil' }, randomIp())).code, 'weak_password');
  });

  test('token requests per IP (token_refresh): a burst of 30, then 429', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i += 1) {
      assert.equal((await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: 'nope' }, ip)).code, 'refresh_token_not_found');
    }
    assert.deepEqual(await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: 'nope' }, ip), { status: 429, code: 'over_request_rate_limit' });
    assert.deepEqual(await post('/auth/v1/token?grant_type=password', { email: uniqueEmail('x'), password: PASSWORD }, ip), {
      status: 429,
      code: 'over_request_rate_limit',
    });
  });

  test('a wrong password for an unknown e-mail costs the same bcrypt work as for a known one', async () => {
    const known = await signedInUser('timing');
    const time = async (email: string) => {
      const started = performance.now();
      const result = await post('/auth/v1/token?grant_type=password', { email, password: 'Incorrecta123' });
      assert.equal(result.code, 'invalid_credentials');
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      knownTimes.push(await time(known.email));
      unknownTimes.push(await time(uniqueEmail('nobody')));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    console.log(`wrong password: known e-mail ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms (medians of 5)`);
    assert.ok(median(unknownTimes) > 0.5 * median(knownTimes), 'an unknown e-mail is not answered much faster');
  });
});
