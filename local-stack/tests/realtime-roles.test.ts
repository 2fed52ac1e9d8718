// Tokens whose role is not anon/authenticated/service_role, handled as supabase/realtime does:
// the role is only used as the database role (set_config('role', …) for the private-channel
// probe, `claims_role regrole` for postgres_changes), so a public channel joins, a private one
// is refused with Unauthorized (the role is unknown or has no policy), and postgres_changes
// answers the subscription exception and delivers nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../shared/jwt.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import { client, sleep, sql } from './helpers.ts';
import { subscribe } from './realtime-channels.ts';

const table = 'local_stack_test_roles';

async function clientWithRole(role: string): Promise<SupabaseClient> {
  const token = await signJwt({ role, sub: randomUUID(), aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 });
  const supabase = client();
  await supabase.realtime.setAuth(token);
  return supabase;
}

describe('realtime: roles outside anon/authenticated/service_role', () => {
  const clients: SupabaseClient[] = [];
  before(async () => {
    await sql(`drop table if exists public.${table}`);
    await sql(`create table public.${table} (id bigint generated always as identity primary key, note text)`);
    await sql(`grant select on public.${table} to anon, authenticated`);
    await sql(`alter publication supabase_realtime add table public.${table}`);
  });
  after(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await sql(`drop table if exists public.${table}`);
  });

  test('a private channel refuses an unknown role and a real role without a policy; service_role joins', async () => {
    const topic = `local-stack-roles-${randomUUID()}`;
    for (const role of ['intruso', 'authenticator']) {
      const supabase = await clientWithRole(role);
      clients.push(supabase);
      const result = await subscribe(supabase.channel(topic, { config: { private: true } }));
      assert.equal(result.status, 'CHANNEL_ERROR', role);
      assert.match(String(result.error?.message), new RegExp(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`), role);
    }
    const service = client(SERVICE_ROLE_KEY);
    clients.push(service);
    await service.realtime.setAuth(SERVICE_ROLE_KEY);
    assert.equal((await subscribe(service.channel(topic, { config: { private: true } }))).status, 'SUBSCRIBED');
  });

  test('a public channel joins with an unknown role (the real server does not look at it there)', async () => {
    const supabase = await clientWithRole('intruso');
    clients.push(supabase);
    assert.equal((await subscribe(supabase.channel(`local-stack-roles-public-${randomUUID()}`))).status, 'SUBSCRIBED');
  });

  test('postgres_changes with an unknown role: the subscription exception, and no change delivered', async () => {
    const supabase = await clientWithRole('intruso');
    const anon = client();
    clients.push(supabase, anon);
    const system: Record<string, unknown>[] = [];
    const received: unknown[] = [];
    const intruder = supabase
      .channel(`local-stack-roles-changes-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (change) => received.push(change))
      .on('system', {}, (payload) => system.push(payload));
    await subscribe(intruder);
    const anonReceived: unknown[] = [];
    const control = anon
      .channel(`local-stack-roles-control-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (change) => anonReceived.push(change));
    assert.equal((await subscribe(control)).status, 'SUBSCRIBED');
    for (let waited = 0; system.length === 0 && waited < 2000; waited += 50) await sleep(50);
    assert.equal(system[0]?.status, 'error');
    assert.match(
      String(system[0]?.message),
      /^Unable to subscribe to changes with given parameters\. An exception happened .*Exception: ERROR 42704 \(undefined_object\) role "intruso" does not exist$/,
    );
    await sleep(300);
    await sql(`insert into public.${table} (note) values ('hola')`);
    for (let waited = 0; anonReceived.length === 0 && waited < 3000; waited += 50) await sleep(50);
    assert.equal(anonReceived.length, 1, 'the anon control subscriber got the insert');
    await sleep(300);
    assert.equal(received.length, 0, 'nothing reached the unknown role');
  });
});
