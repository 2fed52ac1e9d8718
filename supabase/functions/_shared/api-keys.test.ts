import assert from 'node:assert/strict';
import { carriesServiceRoleKey, isServiceRoleKey, presentedKeys, publishableKey, serviceRoleKey } from './api-keys.ts';

const legacy = { SUPABASE_ANON_KEY: 'eyJ.anon.jwt', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service.jwt' };
const newKeys = {
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: 'sb_publishable_web', default: 'sb_publishable_default' }),
  SUPABASE_SECRET_KEYS: JSON.stringify({ cron: 'sb_secret_cron', default: 'sb_secret_default' }),
};
const env = (values: Record<string, string>) => new Map(Object.entries(values));

Deno.test('with only the legacy keys, the legacy JWTs are used', () => {
  assert.equal(serviceRoleKey(env(legacy)), 'eyJ.service.jwt');
  assert.equal(publishableKey(env(legacy)), 'eyJ.anon.jwt');
});

Deno.test('with the new keys as well, the default new key is used (legacy keys may be disabled)', () => {
  assert.equal(serviceRoleKey(env({ ...legacy, ...newKeys })), 'sb_secret_default');
  assert.equal(publishableKey(env({ ...legacy, ...newKeys })), 'sb_publishable_default');
});

Deno.test('a keys object without "default" gives its first key; with neither kind it throws', () => {
  assert.equal(serviceRoleKey(env({ SUPABASE_SECRET_KEYS: '{"cron":"sb_secret_cron"}' })), 'sb_secret_cron');
  assert.throws(() => serviceRoleKey(env({})), /neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY/);
  assert.throws(() => publishableKey(env({ SUPABASE_PUBLISHABLE_KEYS: '{}' })), /SUPABASE_ANON_KEY/);
});

Deno.test('a malformed keys variable is an error, not a silent fallback', () => {
  assert.throws(() => serviceRoleKey(env({ ...legacy, SUPABASE_SECRET_KEYS: 'sb_secret_raw' })), /not JSON/);
  assert.throws(() => serviceRoleKey(env({ ...legacy, SUPABASE_SECRET_KEYS: '["sb_secret_a"]' })), /JSON object/);
});

Deno.test('every secret key and the legacy service key are service keys; publishable and anon keys are not', () => {
  const both = env({ ...legacy, ...newKeys });
  for (const key of ['sb_secret_default', 'sb_secret_cron', 'eyJ.service.jwt']) assert.equal(isServiceRoleKey(key, both), true, key);
  for (const key of ['sb_publishable_default', 'eyJ.anon.jwt', 'sb_secret_defaulT', 'sb_secret_default ', '']) {
    assert.equal(isServiceRoleKey(key, both), false, JSON.stringify(key));
  }
  assert.equal(isServiceRoleKey('', env({})), false, 'no keys configured: nothing is a service key');
});

Deno.test("a request carries the service role's key in `apikey` (what pg_net sends) or as a Bearer token, of either kind", () => {
  const both = env({ ...legacy, ...newKeys });
  const request = (headers: Record<string, string>) => new Request('http://functions.test/push-send', { method: 'POST', headers });
  assert.deepEqual(presentedKeys(request({ apikey: 'a', Authorization: 'Bearer b' })), ['a', 'b']);
  const service: Record<string, string>[] = [{ apikey: 'sb_secret_cron' }, { apikey: 'eyJ.service.jwt' }, { Authorization: 'Bearer sb_secret_default' }];
  for (const headers of service) {
    assert.equal(carriesServiceRoleKey(request(headers), both), true, JSON.stringify(headers));
  }
  const others: Record<string, string>[] = [{ apikey: 'sb_publishable_default' }, { Authorization: 'Bearer eyJ.anon.jwt' }, { apikey: 'sb_secret_' }, {}, {
    apikey: '',
  }];
  for (const headers of others) {
    assert.equal(carriesServiceRoleKey(request(headers), both), false, JSON.stringify(headers));
  }
  assert.equal(carriesServiceRoleKey(request({ apikey: 'sb_secret_cron' }), env({})), false, 'no keys configured: nobody');
});
