// Realtime's single broadcast (`POST /realtime/v1/api/broadcast/<topic>/events/<event>`, what
// realtime-js's httpSend calls): JSON and binary messages reach the joined sockets; a private
// topic needs the caller's write permission (realtime.messages INSERT policy); bad bodies get
// Realtime's statuses (docs/decisions/0022-local-stack-fidelity.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../keys.ts';
import { signedInUser, sleep, sql } from './helpers.ts';

const policy = 'local_stack_test_http_send';
const prefix = 'local-stack-http-send';

function subscribed(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) =>
    channel.subscribe((status) => {
      if (status !== 'CLOSED') resolve(status);
    }),
  );
}

function next(channel: RealtimeChannel, event: string): Promise<{ payload: unknown }> {
  return new Promise((resolve) => channel.on('broadcast', { event }, (message) => resolve(message as unknown as { payload: unknown })));
}

const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, sleep(ms).then(() => undefined)]);

describe('realtime httpSend', () => {
  const clients: SupabaseClient[] = [];
  before(async () => {
    await sql(`drop policy if exists ${policy} on realtime.messages`);
    await sql(`create policy ${policy} on realtime.messages for all to authenticated
               using ((select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)
               with check ((select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)`);
  });
  after(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await sql(`drop policy if exists ${policy} on realtime.messages`);
  });

  test('public JSON and (vsn 2.0.0) binary messages are delivered; 202 answers', async () => {
    const supabase = createClient(API_URL, ANON_KEY, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, vsn: '2.0.0' },
    });
    clients.push(supabase);
    const channel = supabase.channel(`public-${randomUUID()}`, { config: { broadcast: { self: true } } });
    const json = next(channel, 'json');
    const binary = next(channel, 'bin');
    assert.equal(await subscribed(channel), 'SUBSCRIBED');
    assert.deepEqual(await channel.httpSend('json', { hola: 'mundo' }), { success: true });
    assert.deepEqual((await within(json, 2000))?.payload, { hola: 'mundo' });
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    assert.deepEqual(await channel.httpSend('bin', bytes), { success: true });
    const received = await within(binary, 2000);
    assert.ok(received, 'binary message delivered');
    assert.deepEqual(new Uint8Array(received.payload as ArrayBuffer), bytes);
  });

  test('private: the topic owner may send, another user gets 403 Unauthorized and nothing is delivered', async () => {
    const owner = await signedInUser('http-send-owner');
    const other = await signedInUser('http-send-other');
    clients.push(owner.client, other.client);
    const topic = `${prefix}:${owner.id}`;
    await owner.client.realtime.setAuth(owner.token);
    const channel = owner.client.channel(topic, { config: { private: true } });
    const messages: unknown[] = [];
    channel.on('broadcast', { event: 'aviso' }, (message) => messages.push(message.payload));
    assert.equal(await subscribed(channel), 'SUBSCRIBED');

    await other.client.realtime.setAuth(other.token);
    const intruder = other.client.channel(topic, { config: { private: true } });
    await assert.rejects(intruder.httpSend('aviso', { de: 'otro' }), /Unauthorized/);
    assert.deepEqual(await channel.httpSend('aviso', { de: 'dueño' }), { success: true });
    await sleep(500);
    assert.deepEqual(messages, [{ de: 'dueño' }]);
  });

  test('bad bodies: invalid JSON 400, other content types 415, no token 401', async () => {
    const url = `${API_URL}/realtime/v1/api/broadcast/${encodeURIComponent('sala:1')}/events/hola`;
    const headers = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` };
    const badJson = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"a":' });
    assert.equal(badJson.status, 400);
    const text = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: 'hola' });
    assert.equal(text.status, 415);
    const noToken = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body: '{}' });
    assert.equal(noToken.status, 401);
    const ok = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.equal(ok.status, 202);
    assert.equal(await ok.text(), '');
  });
});
