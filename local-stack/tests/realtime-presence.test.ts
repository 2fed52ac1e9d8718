// Presence driven by the real supabase-js (realtime-js), as Realtime serves it
// (local-stack/CONTRACT.md §3.8, realtime/presence-channel.ts): track/untrack, the state at join,
// join and leave diffs (also on disconnect), the key (config.presence.key or a UUID), the limits,
// and on private channels the realtime.messages policies with extension = 'presence'.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import type { RealtimeChannel, RealtimePresenceState, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, API_URL } from '../keys.ts';
import { CLIENT_PRESENCE_MAX_CALLS } from '../realtime/limits.ts';
import { client, signedInUser, sleep } from './helpers.ts';
import { realtimePolicy, subscribed } from './realtime-channels.ts';

const policy = 'local_stack_test_presence';
const prefix = 'local-stack-presence';

/** Resolves when the channel's presence state satisfies `check` (after a sync), or fails after 3 s. */
async function until(channel: RealtimeChannel, what: string, check: (state: RealtimePresenceState) => boolean): Promise<RealtimePresenceState> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const state = channel.presenceState();
    if (check(state)) return state;
    await sleep(25);
  }
  throw new Error(`presence never reached: ${what}; state ${JSON.stringify(channel.presenceState())}`);
}

interface Leave {
  key: string;
  leftPresences: Record<string, unknown>[];
}

function leaves(channel: RealtimeChannel): Leave[] {
  const seen: Leave[] = [];
  channel.on('presence', { event: 'leave' }, (payload) => void seen.push(payload as unknown as Leave));
  return seen;
}

describe('realtime presence', () => {
  const clients: SupabaseClient[] = [];
  const newClient = (key = ANON_KEY): SupabaseClient => {
    const supabase = client(key);
    clients.push(supabase);
    return supabase;
  };
  after(() => Promise.all(clients.map((supabase) => supabase.removeAllChannels())));

  test("two clients track on one channel; each sees the other's key and meta; untrack and disconnect are leaves", async () => {
    const topic = `presence-${randomUUID()}`;
    const ana = newClient().channel(topic, { config: { presence: { key: 'ana' } } });
    const beto = newClient().channel(topic, { config: { presence: { key: 'beto' } } });
    ana.on('presence', { event: 'sync' }, () => undefined);
    beto.on('presence', { event: 'sync' }, () => undefined);
    const anaLeaves = leaves(ana);
    const betoLeaves = leaves(beto);
    assert.equal(await subscribed(ana), 'SUBSCRIBED');
    assert.equal(await subscribed(beto), 'SUBSCRIBED');
    assert.equal(await ana.track({ nombre: 'Ana', estado: 'en línea' }), 'ok');
    assert.equal(await beto.track({ nombre: 'Beto' }), 'ok');

    const both = (state: RealtimePresenceState) => 'ana' in state && 'beto' in state;
    for (const channel of [ana, beto]) {
      const state = await until(channel, 'both keys', both);
      assert.deepEqual(Object.keys(state).sort(), ['ana', 'beto']);
      assert.equal(state.ana!.length, 1);
      const { presence_ref: anaRef, ...anaMeta } = state.ana![0]!;
      assert.deepEqual(anaMeta, { nombre: 'Ana', estado: 'en línea' });
      assert.equal(typeof anaRef, 'string');
      const { presence_ref: _betoRef, ...betoMeta } = state.beto![0]!;
      assert.deepEqual(betoMeta, { nombre: 'Beto' });
    }

    // Tracking again with a new payload replaces the meta (one per channel), under the same key.
    assert.equal(await beto.track({ nombre: 'Beto', estado: 'escribiendo' }), 'ok');
    await until(ana, 'beto updated', (state) => state.beto?.length === 1 && (state.beto[0] as { estado?: string }).estado === 'escribiendo');

    assert.equal(await beto.untrack(), 'ok');
    await until(ana, 'beto gone', (state) => !('beto' in state) && 'ana' in state);
    assert.ok(anaLeaves.some((leave) => leave.key === 'beto' && (leave.leftPresences[0] as { estado?: string }).estado === 'escribiendo'));

    // Ana's socket goes away: Beto, still joined, sees her leave.
    await ana.socket.disconnect();
    await until(beto, 'ana gone after disconnect', (state) => Object.keys(state).length === 0);
    assert.ok(betoLeaves.some((leave) => leave.key === 'ana'));
  });

  test('a late joiner gets presence_state; without a key the meta is under a UUID', async () => {
    const topic = `presence-${randomUUID()}`;
    const first = newClient().channel(topic);
    assert.equal(await subscribed(first), 'SUBSCRIBED');
    assert.equal(await first.track({ sin: 'clave' }), 'ok');
    const late = newClient().channel(topic, { config: { presence: { key: 'tarde' } } });
    late.on('presence', { event: 'sync' }, () => undefined);
    assert.equal(await subscribed(late), 'SUBSCRIBED');
    const state = await until(late, 'the first member', (current) => Object.keys(current).length === 1);
    const [key] = Object.keys(state);
    assert.match(key!, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal((state[key!]![0] as { sin?: string }).sin, 'clave');
    // Leaving the channel (not the socket) is a leave as well.
    await first.unsubscribe();
    await until(late, 'empty after leave', (current) => Object.keys(current).length === 0);
  });

  test('raw protocol: a non-map payload is refused; past the per-channel limit the channel is shut', async () => {
    const topic = `realtime:presence-${randomUUID()}`;
    const ws = new WebSocket(`${API_URL.replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
    const frames: { event: string; ref: string | null; payload: Record<string, unknown> }[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
    await new Promise((resolve) => ws.once('open', resolve));
    const push = (ref: string, event: string, payload: Record<string, unknown>) => ws.send(JSON.stringify({ topic, event, payload, ref, join_ref: '1' }));
    const replyTo = async (ref: string) => {
      for (let waited = 0; waited < 3000; waited += 20) {
        const found = frames.find((frame) => frame.ref === ref && frame.event === 'phx_reply');
        if (found) return found.payload;
        await sleep(20);
      }
      throw new Error(`no reply to ${ref}`);
    };
    push('1', 'phx_join', { config: { presence: { key: 'k', enabled: true } } });
    assert.equal((await replyTo('1')).status, 'ok');
    push('2', 'presence', { type: 'presence', event: 'track', payload: ['no', 'es', 'un', 'mapa'] });
    assert.deepEqual(await replyTo('2'), { status: 'error', response: { reason: 'Presence track payload must be a map' } });
    push('3', 'presence', { type: 'presence', event: 'bailar', payload: {} });
    assert.deepEqual(await replyTo('3'), { status: 'error', response: {} });
    for (let n = 4; n <= CLIENT_PRESENCE_MAX_CALLS + 1; n += 1) {
      push(String(n), 'presence', { type: 'presence', event: 'track', payload: { n } });
      assert.equal((await replyTo(String(n))).status, 'ok');
    }
    push('over', 'presence', { type: 'presence', event: 'track', payload: { n: 'over' } });
    for (let waited = 0; waited < 3000 && !frames.some((frame) => frame.event === 'phx_close'); waited += 20) await sleep(20);
    const system = frames.find((frame) => frame.event === 'system');
    assert.equal(system?.payload.message, 'Client presence rate limit exceeded');
    assert.ok(frames.some((frame) => frame.event === 'phx_close'));
    assert.equal(
      frames.some((frame) => frame.ref === 'over'),
      false,
    );
    ws.close();
  });
});

describe('realtime presence on private channels', () => {
  // Members of `<prefix>:<uid>` may read and write presence there; nobody may broadcast.
  const clients = realtimePolicy(
    policy,
    `for all to authenticated
     using (extension = 'presence' and (select realtime.topic()) like '${prefix}:%')
     with check (extension = 'presence' and (select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)`,
  );

  test('the presence policies decide who may join, track and see the state', async () => {
    const owner = await signedInUser('presence-owner');
    const guest = await signedInUser('presence-guest');
    clients.push(owner.client, guest.client);
    await owner.client.realtime.setAuth(owner.token);
    await guest.client.realtime.setAuth(guest.token);
    const topic = `${prefix}:${owner.id}`;

    const mine = owner.client.channel(topic, { config: { private: true, presence: { key: 'owner' } } });
    mine.on('presence', { event: 'sync' }, () => undefined);
    assert.equal(await subscribed(mine), 'SUBSCRIBED', 'presence read admits the join without broadcast read');
    assert.equal(await mine.track({ rol: 'dueño' }), 'ok');
    await until(mine, 'own meta', (state) => 'owner' in state);

    // The guest may read presence there (select policy) but not write it (with check: own topic only).
    const theirs = guest.client.channel(topic, { config: { private: true, presence: { key: 'guest' } } });
    theirs.on('presence', { event: 'sync' }, () => undefined);
    assert.equal(await subscribed(theirs), 'SUBSCRIBED');
    const state = await until(theirs, 'owner seen by guest', (current) => 'owner' in current);
    assert.equal((state.owner![0] as { rol?: string }).rol, 'dueño');
    assert.equal(await theirs.track({ rol: 'intruso' }), 'error');
    await sleep(200);
    assert.deepEqual(Object.keys(mine.presenceState()), ['owner'], 'a refused track reaches no one');

    // A new token re-evaluates the policies: the presence-only channel stays, and still tracks.
    const { data: refreshed, error } = await owner.client.auth.refreshSession();
    assert.equal(error, null);
    await owner.client.realtime.setAuth(refreshed.session!.access_token);
    await sleep(300);
    assert.equal(await mine.track({ rol: 'dueña' }), 'ok');
    await until(theirs, "the owner's new meta", (current) => (current.owner?.[0] as { rol?: string } | undefined)?.rol === 'dueña');

    // Without presence enabled at join and without broadcast read, the join is refused.
    const stranger = client();
    clients.push(stranger);
    const anonymous = stranger.channel(topic, { config: { private: true } });
    assert.equal(await subscribed(anonymous), 'CHANNEL_ERROR');
  });

  test("a private channel's presence never reaches the public channel of the same name", async () => {
    const owner = await signedInUser('presence-private-owner');
    clients.push(owner.client);
    await owner.client.realtime.setAuth(owner.token);
    const topic = `${prefix}:${owner.id}`;

    // A public channel of the same name, with presence on, hears every presence event there.
    const bystander = client();
    clients.push(bystander);
    const open = bystander.channel(topic, { config: { presence: { key: 'public' } } });
    const heard: string[] = [];
    open.on('presence', { event: 'join' }, ({ key }) => void heard.push(`join ${key}`));
    open.on('presence', { event: 'leave' }, ({ key }) => void heard.push(`leave ${key}`));
    assert.equal(await subscribed(open), 'SUBSCRIBED');

    const mine = owner.client.channel(topic, { config: { private: true, presence: { key: 'owner' } } });
    mine.on('presence', { event: 'sync' }, () => undefined);
    assert.equal(await subscribed(mine), 'SUBSCRIBED');
    assert.equal(await mine.track({ rol: 'dueño' }), 'ok');
    await until(mine, 'own meta', (state) => 'owner' in state);
    assert.equal(await mine.untrack(), 'ok');
    // the public channel's own track still reaches it, so its silence above is not deafness
    assert.equal(await open.track({ rol: 'público' }), 'ok');
    await until(open, 'its own meta', (state) => 'public' in state);
    await sleep(200);
    assert.deepEqual(heard, ['join public']);
    assert.deepEqual(Object.keys(open.presenceState()), ['public']);
  });
});
