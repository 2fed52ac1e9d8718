// GoTrue's per-client rate limits, one token bucket per endpoint (burst 30, refilled at the
// [auth.rate_limit] value per 5 minutes), as supabase/auth internal/api/apilimiter/apilimiter.go
// builds them and internal/api/api.go puts them on the routes; the CLI maps sign_in_sign_ups
// to GOTRUE_RATE_LIMIT_OTP and token_verifications to GOTRUE_RATE_LIMIT_VERIFY
// (supabase/cli internal/start/start.go). A hosted project always knows the caller, so the stack
// keys by X-Forwarded-For and, without it, by the socket's address for /verify and the
// endpoints that send mail (local-stack/auth/rate-limit.ts).
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { describe, test } from 'node:test';
import { ANON_KEY } from '../keys.ts';
import { randomClientIp, uniqueEmail } from './helpers.ts';

/** A request from a loopback source address of its own (no X-Forwarded-For), or with one. */
function call(method: string, path: string, body: unknown, from: { localAddress?: string; forwardedFor?: string }): Promise<{ status: number; code: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
    if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
    const req = request({ host: '127.0.0.1', port: 54321, method, path, headers, localAddress: from.localAddress }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let code = '';
        try {
          code = (JSON.parse(text) as { code?: string }).code ?? '';
        } catch {
          code = '';
        }
        resolve({ status: res.statusCode ?? 0, code });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loopback address other tests do not use: a client of its own, by its socket. */
const loopback = () => `127.${1 + randomInt(250)}.${randomInt(256)}.${1 + randomInt(250)}`;

async function burst(times: number, send: () => Promise<{ status: number; code: string }>): Promise<Array<{ status: number; code: string }>> {
  const answers = [];
  for (let index = 0; index < times; index += 1) answers.push(await send());
  return answers;
}

describe('per-client rate limits on verification and on every endpoint that sends mail', () => {
  test('/verify (token_verifications): 30, then 429, keyed by X-Forwarded-For; GET and POST share the bucket', async () => {
    const ip = randomClientIp();
    const answers = await burst(30, () => call('POST', '/auth/v1/verify', { type: 'magiclink', token_hash: 'nope' }, { forwardedFor: ip }));
    assert.deepEqual(new Set(answers.map((answer) => answer.code)), new Set(['otp_expired']));
    assert.deepEqual(await call('GET', '/auth/v1/verify?type=recovery&token=nope', undefined, { forwardedFor: ip }), {
      status: 429,
      code: 'over_request_rate_limit',
    });
    assert.equal((await call('POST', '/auth/v1/verify', { type: 'magiclink', token_hash: 'nope' }, { forwardedFor: randomClientIp() })).code, 'otp_expired');
  });

  test('without X-Forwarded-For the socket address is the client: a code cannot be guessed on and on', async () => {
    const address = loopback();
    const answers = await burst(31, () =>
      call('POST', '/auth/v1/verify', { type: 'email', email: 'nadie@example.com', token: '123456' }, { localAddress: address }),
    );
    assert.equal(answers.filter((answer) => answer.code === 'otp_expired').length, 30);
    assert.deepEqual(answers[30], { status: 429, code: 'over_request_rate_limit' });
    assert.equal((await call('POST', '/auth/v1/verify', { type: 'magiclink', token_hash: 'nope' }, { localAddress: loopback() })).code, 'otp_expired');
  });

  test('recover, resend, otp, magiclink and signup: each its own bucket of 30, by socket address too', async () => {
    const address = loopback();
    const routes: Array<[string, () => unknown]> = [
      ['/auth/v1/recover', () => ({ email: uniqueEmail('nadie') })],
      ['/auth/v1/resend', () => ({ type: 'signup', email: uniqueEmail('nadie') })],
      ['/auth/v1/otp', () => ({ email: uniqueEmail('nadie'), create_user: false })],
      ['/auth/v1/magiclink', () => ({ email: 'no es un correo' })],
      ['/auth/v1/signup', () => ({ email: uniqueEmail('nadie'), password: 'debil' })],
    ];
    for (const [path, body] of routes) {
      const answers = await burst(30, () => call('POST', path, body(), { localAddress: address }));
      assert.ok(
        answers.every((answer) => answer.status !== 429),
        `${path}: ${JSON.stringify(answers.find((answer) => answer.status === 429))}`,
      );
      assert.deepEqual(await call('POST', path, body(), { localAddress: address }), { status: 429, code: 'over_request_rate_limit' }, path);
    }
  });
});
