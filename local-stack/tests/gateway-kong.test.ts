// The gateway does what Kong does under `supabase start` (local-stack/CONTRACT.md §0,
// gateway/kong.ts): Authorization from the keys by the CLI's BearerToken expression, and Kong's
// `cors` plugin on every route — preflights answered at the gateway, functions included.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANON_KEY, API_URL, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import { KONG_CORS_METHODS } from '../gateway/kong.ts';
import { signedInUser } from './helpers.ts';

const origin = 'http://127.0.0.1:5173';
const versioned = { 'x-supabase-api-version': '2024-01-01' };

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe("gateway: keys as the CLI's Kong maps them", () => {
  test('a legacy JWT apikey alone reaches Auth without `Bearer `: 401 no_authorization', async () => {
    const response = await fetch(`${API_URL}/auth/v1/user`, { headers: { apikey: ANON_KEY, ...versioned } });
    assert.equal(response.status, 401);
    const body = await json(response);
    assert.equal(body.code, 'no_authorization');
    assert.equal(body.message, 'This endpoint requires a valid Bearer token');
    // Even the service_role JWT as apikey does not open the admin API without a bearer.
    const admin = await fetch(`${API_URL}/auth/v1/admin/users`, { headers: { apikey: SERVICE_ROLE_KEY, ...versioned } });
    assert.equal(admin.status, 401);
    assert.equal((await json(admin)).code, 'no_authorization');
  });

  test('the secret key becomes the service_role bearer, alone or as `Bearer sb_…`', async () => {
    const alone = await fetch(`${API_URL}/auth/v1/admin/users?per_page=1`, { headers: { apikey: SECRET_KEY, ...versioned } });
    assert.equal(alone.status, 200);
    assert.ok(Array.isArray((await json(alone)).users));
    const asBearer = await fetch(`${API_URL}/auth/v1/admin/users?per_page=1`, {
      headers: { apikey: SECRET_KEY, authorization: `Bearer ${SECRET_KEY}`, ...versioned },
    });
    assert.equal(asBearer.status, 200);
    // A `Bearer sb_…` with no matching apikey leaves no Authorization at all.
    const unmatched = await fetch(`${API_URL}/auth/v1/admin/users`, { headers: { authorization: `Bearer ${SECRET_KEY}`, ...versioned } });
    assert.equal(unmatched.status, 401);
    assert.equal((await json(unmatched)).code, 'no_authorization');
  });

  test('the publishable key becomes the anon bearer; a user JWT in Authorization is kept', async () => {
    const user = await signedInUser('kong');
    const asUser = await fetch(`${API_URL}/auth/v1/user`, {
      headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${user.token}`, ...versioned },
    });
    assert.equal(asUser.status, 200);
    assert.equal((await json(asUser)).id, user.id);
    // The anon bearer verifies, but has no user: GoTrue's 403 bad_jwt, not 401.
    const anon = await fetch(`${API_URL}/auth/v1/user`, { headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${PUBLISHABLE_KEY}`, ...versioned } });
    assert.equal(anon.status, 403);
    assert.equal((await json(anon)).code, 'bad_jwt');
  });

  test('storage reads the raw key Kong copies, as storage-api does', async () => {
    const raw = await fetch(`${API_URL}/storage/v1/bucket`, { headers: { apikey: SERVICE_ROLE_KEY } });
    assert.equal(raw.status, 200);
    assert.ok(Array.isArray(await raw.json()));
    const none = await fetch(`${API_URL}/storage/v1/bucket`);
    assert.equal(none.status, 400);
  });
});

describe("gateway: Kong's cors plugin on every route", () => {
  for (const path of [
    '/rest/v1/chismes',
    '/auth/v1/token?grant_type=password',
    '/storage/v1/object/list/x',
    '/functions/v1/log-country',
    '/realtime/v1/api/broadcast',
  ]) {
    test(`a preflight to ${path} is answered at the gateway, the requested headers reflected`, async () => {
      const response = await fetch(`${API_URL}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-supabase-new-feature' },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(response.headers.get('access-control-allow-headers'), 'authorization, x-supabase-new-feature');
      assert.equal(response.headers.get('access-control-allow-methods'), KONG_CORS_METHODS);
      assert.equal(response.headers.get('access-control-max-age'), null, 'the CLI configures no max_age');
      assert.equal(response.headers.get('access-control-allow-credentials'), null, 'nor credentials');
      assert.equal(await response.text(), '');
    });
  }

  test('every answer carries Access-Control-Allow-Origin: *, errors and function answers included', async () => {
    const answers = await Promise.all([
      fetch(`${API_URL}/rest/v1/`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, origin } }),
      fetch(`${API_URL}/rest/v1/no_such_table`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, origin } }),
      fetch(`${API_URL}/auth/v1/settings`, { headers: { apikey: ANON_KEY, origin } }),
      fetch(`${API_URL}/storage/v1/bucket`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, origin } }),
      fetch(`${API_URL}/functions/v1/log-country`, { method: 'POST', headers: { origin }, body: '{}' }),
      fetch(`${API_URL}/functions/v1/log-country`, { method: 'POST', headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, origin }, body: '{}' }),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 404, 200, 200, 401, 401],
    );
    for (const answer of answers) assert.equal(answer.headers.get('access-control-allow-origin'), '*', answer.url);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  });

  test('a route Kong does not have gets no CORS headers', async () => {
    const response = await fetch(`${API_URL}/nothing/v1/here`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    assert.deepEqual(await response.json(), { message: 'no Route matched with those values' });
  });
});
