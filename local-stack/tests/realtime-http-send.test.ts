// Realtime's single broadcast (`POST /realtime/v1/api/broadcast/<topic>/events/<event>`, what
// realtime-js's httpSend calls): JSON and binary messages reach the joined sockets; a private
// topic needs the caller's write permission (realtime.messages INSERT policy); bad bodies get
// Realtime's statuses (docs/decisions/0022-local-stack-fidelity.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../keys.ts';
import { signedInUser, sleep } from './helpers.ts';
import { nextBroadcast, privateChannel, realtimePolicy, subscribed, within } from './realtime-channels.ts';

const policy = 'local_stack_test_http_send';
const prefix = 'local-stack-http-send';

describe('realtime httpSend', () => {
  const clients = realtimePolicy(
    policy,
    `for all to authenticated
     using ((select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)
     with check ((select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)`,
  );

  test('public JSON and (vsn 2.0.0) binary messages are delivered; 202 answers', async () => {
    const supabase = createClient(API_URL, ANON_KEY, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, vsn: '2.0.0' },
    });
    clients.push(supabase);
    const channel = supabase.channel(`public-${randomUUID()}`, { config: { broadcast: { self: true } } });
    const json = nextBroadcast(channel, 'json');
    const binary = nextBroadcast(channel, 'bin');
    assert.equal(await subscribed(channel), 'SUBSCRIBED');
    assert.deepEqual(await channel.httpSend('json', { hola: 'mundo' }), { success: true });
    assert.deepEqual((await within(json))?.payload, { hola: 'mundo' });
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    assert.deepEqual(await channel.httpSend('bin', bytes), { success: true });
    const received = await within(binary);
    assert.ok(received, 'binary message delivered');
    assert.deepEqual(new Uint8Array(received.payload as ArrayBuffer), bytes);
  });

  test('private: the topic owner may send, another user gets 403 Unauthorized and nothing is delivered', async () => {
    const owner = await signedInUser('http-send-owner');
    const other = await signedInUser('http-send-other');
    clients.push(owner.client, other.client);
    const topic = `${prefix}:${owner.id}`;
    const channel = await privateChannel(owner, topic);
    const messages: unknown[] = [];
    channel.on('broadcast', { event: 'aviso' }, (message) => messages.push(message.payload));
    assert.equal(await subscribed(channel), 'SUBSCRIBED');

    const intruder = await privateChannel(other, topic);
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
