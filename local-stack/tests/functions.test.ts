// Edge functions through the gateway (local-stack/CONTRACT.md §4): JWT verification from config.toml, the
// SUPABASE_* environment (log-country writes as the caller through SUPABASE_URL/ANON_KEY).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { API_URL } from '../keys.ts';
import { client, preflight, signedInUser, sql } from './helpers.ts';

describe('functions', () => {
  test('invoke with a user JWT runs the function as that user', async () => {
    const user = await signedInUser('fn');
    const first = await user.client.functions.invoke('log-country', { body: { country: 'España' } });
    assert.equal(first.error, null);
    assert.deepEqual(first.data, { recorded: true });
    assert.equal(first.response?.status, 201);
    const again = await user.client.functions.invoke('log-country', { body: { country: 'España' } });
    assert.deepEqual(again.data, { recorded: false });
    const rows = await sql<{ country: string }>('select country from public.country_logs where user_id = $1', [user.id]);
    assert.deepEqual(
      rows.map((row) => row.country),
      ['España'],
    );
  });

  test('invoke with only the anon key passes the gateway and the function refuses it', async () => {
    const { error } = await client().functions.invoke('log-country', { body: { country: 'Chile' } });
    assert.ok(error instanceof FunctionsHttpError);
    assert.equal((error.context as Response).status, 401);
  });

  test('without a JWT (or with a bad one) the gateway answers 401 as the edge runtime does', async () => {
    const missing = await fetch(`${API_URL}/functions/v1/log-country`, { method: 'POST', body: '{}' });
    assert.equal(missing.status, 401);
    assert.deepEqual(await missing.json(), { msg: 'Error: Missing authorization header' });
    const bad = await fetch(`${API_URL}/functions/v1/log-country`, { method: 'POST', headers: { authorization: 'Bearer nope' }, body: '{}' });
    assert.equal(bad.status, 401);
    assert.deepEqual(await bad.json(), { msg: 'Invalid JWT' });
    const unknown = await client().functions.invoke('no-such-function');
    assert.equal(((unknown.error as FunctionsHttpError).context as Response).status, 404);
  });

  test('a preflight is answered by the gateway (Kong cors); a plain OPTIONS reaches the function', async () => {
    const response = await preflight('/functions/v1/log-country', 'authorization,apikey,content-type');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('access-control-allow-headers'), 'authorization,apikey,content-type');
    const plain = await fetch(`${API_URL}/functions/v1/log-country`, { method: 'OPTIONS' });
    assert.ok(plain.status < 300);
    assert.equal(plain.headers.get('access-control-allow-origin'), '*');
    assert.match(plain.headers.get('access-control-allow-headers') ?? '', /x-client-info/, "the function's own list");
  });

  test('an Authorization that is not `Bearer <token>` is refused as the edge runtime does', async () => {
    const response = await fetch(`${API_URL}/functions/v1/log-country`, { method: 'POST', headers: { authorization: 'bearer x.y.z' }, body: '{}' });
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { msg: "Error: Auth header is not 'Bearer {token}'" });
  });
});
