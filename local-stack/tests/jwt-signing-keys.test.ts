// Tokens as a project created today signs them (shared/signing-keys.ts, shared/jwt.ts): Auth signs
// user tokens ES256 with the stack's key and publishes its public half at
// /auth/v1/.well-known/jwks.json; PostgREST, Storage, Realtime, the functions' gateway and Auth
// check a token by its kid against that key, and still accept the legacy HS256 keys; a token
// signed by any other key is refused by each.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRemoteJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../keys.ts';
import { signWithJwtSecret } from '../shared/jwt.ts';
import { client, signedInUser } from './helpers.ts';
import { subscribe } from './realtime-channels.ts';

const jwksUrl = `${API_URL}/auth/v1/.well-known/jwks.json`;

/** A token like the user's, signed by a key that is not the project's but claiming its kid. */
async function forged(token: string): Promise<string> {
  const { kid } = decodeProtectedHeader(token);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: kid!, typ: 'JWT' }).sign(privateKey);
}

const rest = (token: string) =>
  fetch(`${API_URL}/rest/v1/rpc/get_my_chismes`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_cotilleo: false }),
  });

describe('the signing key', () => {
  test("the JWKS is the key's public half as GoTrue publishes it, cacheable for 10 minutes", async () => {
    const response = await fetch(jwksUrl);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=600');
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    assert.equal(keys.length, 1);
    assert.deepEqual(Object.keys(keys[0]!).sort(), ['alg', 'crv', 'key_ops', 'kid', 'kty', 'use', 'x', 'y'], 'public only: no private exponent, no HMAC key');
    assert.deepEqual([keys[0]!.kty, keys[0]!.crv, keys[0]!.alg, keys[0]!.use, keys[0]!.key_ops], ['EC', 'P-256', 'ES256', 'sig', ['verify']]);
  });

  test('a signed-in user’s token is ES256 under that kid, and verifies against the published JWKS, as a server verifies it', async () => {
    const user = await signedInUser('es256');
    const header = decodeProtectedHeader(user.token);
    const { keys } = (await (await fetch(jwksUrl)).json()) as { keys: { kid: string }[] };
    assert.deepEqual([header.alg, header.kid, header.typ], ['ES256', keys[0]!.kid, 'JWT']);
    const { payload } = await jwtVerify(user.token, createRemoteJWKSet(new URL(jwksUrl)), { audience: 'authenticated' });
    assert.equal(payload.sub, user.id);
    // supabase-js verifies it the same way, with the JWKS, without asking Auth
    const { data, error } = await user.client.auth.getClaims();
    assert.equal(error, null);
    assert.equal(data?.claims.sub, user.id);
    // a refreshed session is signed the same way
    const refreshed = await user.client.auth.refreshSession();
    assert.equal(decodeProtectedHeader(refreshed.data.session!.access_token).alg, 'ES256');
  });
});

describe('every service checks a token as a project does', () => {
  test('the ES256 user token is accepted, one signed by another key under the same kid refused', async () => {
    const user = await signedInUser('es256-services');
    const fake = await forged(user.token);
    assert.equal((await rest(user.token)).status, 200, 'PostgREST');
    assert.equal((await rest(fake)).status, 401, 'PostgREST refuses the forged token');
    const auth = (token: string) => fetch(`${API_URL}/auth/v1/user`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` } });
    assert.equal((await auth(user.token)).status, 200, 'Auth');
    assert.equal((await auth(fake)).status, 403, 'Auth refuses it (bad_jwt)');
    const storage = (token: string) =>
      fetch(`${API_URL}/storage/v1/object/list/chismes`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      });
    assert.equal((await storage(user.token)).status, 200, 'Storage');
    assert.notEqual((await storage(fake)).status, 200, 'Storage refuses it');
    const fn = (token: string) =>
      fetch(`${API_URL}/functions/v1/chisme-image-url`, { method: 'POST', headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` } });
    assert.notEqual((await fn(user.token)).status, 401, 'the functions gateway lets it through');
    assert.deepEqual([(await fn(fake)).status], [401], 'and refuses the forged one (Invalid JWT)');
    const forgedClient = client();
    await forgedClient.realtime.setAuth(fake);
    const joined = await subscribe(forgedClient.channel(`notifications:${user.id}`, { config: { private: true } }));
    assert.notEqual(joined.status, 'SUBSCRIBED', 'Realtime refuses it');
    await forgedClient.removeAllChannels();
  });

  test('the legacy HS256 keys and tokens are still accepted where Supabase accepts them', async () => {
    // the service_role key is the service role for PostgREST and Storage
    const service = await fetch(`${API_URL}/rest/v1/rpc/list_expired_chisme_images`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(service.status, 200, await service.clone().text());
    const buckets = await fetch(`${API_URL}/storage/v1/bucket`, { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    assert.equal(buckets.status, 200);
    // a user token signed with the legacy secret (no kid) still verifies, as during Supabase's migration to signing keys
    const user = await signedInUser('hs256-legacy');
    const legacy = await signWithJwtSecret({ ...(JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as object) });
    assert.equal(decodeProtectedHeader(legacy).alg, 'HS256');
    assert.equal((await rest(legacy)).status, 200, 'PostgREST');
    const legacyClient = client();
    await legacyClient.realtime.setAuth(legacy);
    const joined = await subscribe(legacyClient.channel(`notifications:${user.id}`, { config: { private: true } }));
    assert.equal(joined.status, 'SUBSCRIBED', 'Realtime');
    await legacyClient.removeAllChannels();
    // an HMAC key is never published, whatever verifies with it
    const { keys } = (await (await fetch(jwksUrl)).json()) as { keys: { kty: string }[] };
    assert.ok(keys.every((key) => key.kty !== 'oct'));
  });
});
