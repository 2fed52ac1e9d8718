import assert from 'node:assert/strict';
import { LOCAL_DEMO_VAPID, vapidFromEnv } from './vapid.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

Deno.test('the secrets when set', () => {
  const vapid = vapidFromEnv(
    env({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@example.com', SUPABASE_URL: 'https://x.supabase.co' }),
  );
  assert.deepEqual(vapid, { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@example.com' });
});

Deno.test('the local demo pair only on a local stack', () => {
  assert.equal(vapidFromEnv(env({ SUPABASE_URL: 'http://127.0.0.1:54321' })), LOCAL_DEMO_VAPID);
  assert.equal(vapidFromEnv(env({ SUPABASE_URL: 'http://kong:8000' })), LOCAL_DEMO_VAPID);
  assert.equal(vapidFromEnv(env({ SUPABASE_URL: 'https://abcd.supabase.co' })), null, 'a hosted project without secrets sends nothing');
  assert.equal(vapidFromEnv(env({})), null);
});
