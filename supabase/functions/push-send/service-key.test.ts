import assert from 'node:assert/strict';
import { carriesServiceKey, serviceKeys } from './service-key.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];
const request = (headers: Record<string, string>) => new Request('http://functions.test/push-send', { method: 'POST', headers });

Deno.test('the legacy service_role key and every secret key count', () => {
  const keys = serviceKeys(env({ SUPABASE_SERVICE_ROLE_KEY: 'legacy-jwt', SUPABASE_SECRET_KEYS: '{"default":"sb_secret_a","cron":"sb_secret_b"}' }));
  assert.deepEqual(keys, ['legacy-jwt', 'sb_secret_a', 'sb_secret_b']);
  assert.deepEqual(serviceKeys(env({ SUPABASE_SECRET_KEYS: 'not json' })), []);
});

Deno.test('the key in apikey (what pg_net sends) or as a Bearer token', () => {
  const keys = ['legacy-jwt', 'sb_secret_a'];
  assert.ok(carriesServiceKey(request({ apikey: 'sb_secret_a' }), keys));
  assert.ok(carriesServiceKey(request({ Authorization: 'Bearer legacy-jwt' }), keys));
  assert.ok(!carriesServiceKey(request({ apikey: 'anon-key' }), keys));
  assert.ok(!carriesServiceKey(request({ apikey: 'sb_secret_' }), keys));
  assert.ok(!carriesServiceKey(request({}), keys));
  assert.ok(!carriesServiceKey(request({ apikey: '' }), []), 'no key configured: nobody');
});
