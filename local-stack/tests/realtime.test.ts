// Realtime (contract §3, §10): Broadcast from Database on private channels authorised by RLS
// at join, delivered only after commit; client broadcasts over binary frames.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { client, signedInUser, sleep, sql } from './helpers.ts';

const policy = 'local_stack_test_own_topic';
const prefix = 'local-stack-test';

function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve({ status, error });
    });
  });
}

function nextBroadcast(channel: RealtimeChannel, event: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => channel.on('broadcast', { event }, (message) => resolve(message)));
}

describe('realtime', () => {
  const clients: SupabaseClient[] = [];
  before(async () => {
    await sql(`drop policy if exists ${policy} on realtime.messages`);
    // A user may receive on `local-stack-test:<own id>` only.
    await sql(`create policy ${policy} on realtime.messages for select to authenticated
               using ((select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)`);
  });
  after(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await sql(`drop policy if exists ${policy} on realtime.messages`);
  });

  test('an allowed user receives a message sent from SQL within 1 s; a refused user gets the error reply', async () => {
    const allowed = await signedInUser('rt-allowed');
    const refused = await signedInUser('rt-refused');
    clients.push(allowed.client, refused.client);
    const topic = `${prefix}:${allowed.id}`;

    await allowed.client.realtime.setAuth(allowed.token);
    const channel = allowed.client.channel(topic, { config: { private: true } });
    const received = nextBroadcast(channel, 'aviso');
    assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');

    await refused.client.realtime.setAuth(refused.token);
    const denied = await subscribe(refused.client.channel(topic, { config: { private: true } }));
    assert.equal(denied.status, 'CHANNEL_ERROR');
    assert.match(String(denied.error?.message), new RegExp(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`));

    // A rolled-back broadcast is never delivered; the committed one is.
    await sql(`begin; select realtime.send('{"n": 0}'::jsonb, 'aviso', $1, true); rollback;`.replace('$1', `'${topic}'`));
    const sentAt = Date.now();
    await sql(`select realtime.send($1::jsonb, 'aviso', $2, true)`, [JSON.stringify({ n: 1, texto: 'hola' }), topic]);
    const message = await Promise.race([received, sleep(1000).then(() => undefined)]);
    assert.ok(message, 'delivered within 1 s');
    assert.ok(Date.now() - sentAt < 1000);
    assert.deepEqual(message.payload, { n: 1, texto: 'hola' }, 'the committed message, not the rolled-back one');
    assert.equal(message.event, 'aviso');
  });

  test('client broadcasts (binary frames) reach other subscribers of a public channel', async () => {
    const sender = client();
    const receiver = client();
    clients.push(sender, receiver);
    const name = `${prefix}-public-${randomUUID()}`;
    const inbound = receiver.channel(name);
    const got = nextBroadcast(inbound, 'saludo');
    assert.equal((await subscribe(inbound)).status, 'SUBSCRIBED');
    const outbound = sender.channel(name, { config: { broadcast: { ack: true } } });
    assert.equal((await subscribe(outbound)).status, 'SUBSCRIBED');
    assert.equal(await outbound.send({ type: 'broadcast', event: 'saludo', payload: { de: 'emisor' } }), 'ok');
    const message = await Promise.race([got, sleep(1000).then(() => undefined)]);
    assert.deepEqual(message?.payload, { de: 'emisor' });
  });

  test('postgres_changes bindings are echoed so the client subscribes', async () => {
    const supabase = client();
    clients.push(supabase);
    const channel = supabase.channel(`${prefix}-changes-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'anything', filter: 'id=eq.1' }, () => undefined);
    assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');
  });

  test('an invalid token is refused at join', async () => {
    const supabase = client();
    clients.push(supabase);
    await supabase.realtime.setAuth('not-a-jwt');
    const result = await subscribe(supabase.channel(`${prefix}-bad-token`, { config: { private: true } }));
    assert.equal(result.status, 'CHANNEL_ERROR');
    assert.match(String(result.error?.message), /InvalidJWTToken/);
  });
});
