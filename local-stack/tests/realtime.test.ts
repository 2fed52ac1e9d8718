// Realtime (local-stack/CONTRACT.md §3, §10): Broadcast from Database on private channels authorised by RLS
// at join, delivered only after commit; client broadcasts over binary frames.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { client, signedInUser, sleep, sql } from './helpers.ts';
import { nextBroadcast, privateChannel, realtimePolicy, subscribe, within } from './realtime-channels.ts';

const policy = 'local_stack_test_own_topic';
const prefix = 'local-stack-test';

describe('realtime', () => {
  // A user may receive on `local-stack-test:<own id>` only.
  const clients = realtimePolicy(policy, `for select to authenticated using ((select realtime.topic()) = '${prefix}:' || (select auth.uid())::text)`);

  test('an allowed user receives a committed message sent from SQL; a refused user gets the error reply', async () => {
    const allowed = await signedInUser('rt-allowed');
    const refused = await signedInUser('rt-refused');
    clients.push(allowed.client, refused.client);
    const topic = `${prefix}:${allowed.id}`;

    const channel = await privateChannel(allowed, topic);
    const received = nextBroadcast(channel, 'aviso');
    assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');

    const denied = await subscribe(await privateChannel(refused, topic));
    assert.equal(denied.status, 'CHANNEL_ERROR');
    assert.match(String(denied.error?.message), new RegExp(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`));

    // A rolled-back broadcast is never delivered; the committed one is.
    await sql(`begin; select realtime.send('{"n": 0}'::jsonb, 'aviso', $1, true); rollback;`.replace('$1', `'${topic}'`));
    await sql(`select realtime.send($1::jsonb, 'aviso', $2, true)`, [JSON.stringify({ n: 1, texto: 'hola' }), topic]);
    const message = await within(received);
    assert.ok(message, 'delivered');
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
    const message = await within(got);
    assert.deepEqual(message?.payload, { de: 'emisor' });
  });

  test('postgres_changes: only committed rows the subscriber may see, typed; unpublished tables refused', async () => {
    const table = 'local_stack_test_changes';
    await sql(`drop table if exists public.${table}`);
    await sql(`create table public.${table} (id bigint generated always as identity primary key, owner uuid not null, body text, meta jsonb, seen boolean default false);
               alter table public.${table} enable row level security;
               create policy ${table}_select on public.${table} for select to authenticated using (owner = (select auth.uid()));
               alter publication supabase_realtime add table public.${table};`);
    try {
      const watcher = await signedInUser('rt-changes');
      clients.push(watcher.client);
      await watcher.client.realtime.setAuth(watcher.token);
      const received: Record<string, unknown>[] = [];
      const systemMessages: Record<string, unknown>[] = [];
      const channel = watcher.client
        .channel(`${prefix}-changes-${randomUUID()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => received.push(payload as unknown as Record<string, unknown>))
        .on('system', {}, (payload) => systemMessages.push(payload));
      assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');
      await sql(`insert into public.${table} (owner, body) values (gen_random_uuid(), 'ajeno')`);
      await sql(`begin; insert into public.${table} (owner, body) values ('${watcher.id}', 'revertido'); rollback;`);
      await sql(`insert into public.${table} (owner, body, meta) values ($1, 'mío', '{"a": 1}')`, [watcher.id]);
      for (let waited = 0; received.length === 0 && waited < 3000; waited += 50) await sleep(50);
      await sleep(300);
      assert.equal(received.length, 1, 'only the committed row the watcher may see');
      const change = received[0] as { eventType: string; new: Record<string, unknown>; table: string };
      assert.equal(change.eventType, 'INSERT');
      assert.equal(change.table, table);
      assert.equal(change.new.body, 'mío');
      assert.equal(change.new.owner, watcher.id);
      assert.deepEqual(change.new.meta, { a: 1 });
      assert.equal(change.new.seen, false);
      assert.equal(typeof change.new.id, 'number');
      assert.ok(systemMessages.some((message) => message.message === 'Subscribed to PostgreSQL'));

      // As in the real server, the RLS check reads the row after commit: wait before deleting it.
      await sql(`update public.${table} set seen = true where owner = $1`, [watcher.id]);
      for (let waited = 0; received.length < 2 && waited < 3000; waited += 50) await sleep(50);
      await sql(`delete from public.${table} where owner = $1`, [watcher.id]);
      for (let waited = 0; received.length < 3 && waited < 3000; waited += 50) await sleep(50);
      const [, updated, deleted] = received as { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }[];
      assert.equal(updated?.eventType, 'UPDATE');
      assert.equal(updated?.new.seen, true);
      assert.equal(deleted?.eventType, 'DELETE');
      assert.deepEqual(deleted?.old, { id: change.new.id }, 'DELETE carries the primary key (RLS table)');

      const unpublished: Record<string, unknown>[] = [];
      const other = watcher.client
        .channel(`${prefix}-unpublished-${randomUUID()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'no_such_table' }, () => undefined)
        .on('system', {}, (payload) => unpublished.push(payload));
      await subscribe(other);
      for (let waited = 0; unpublished.length === 0 && waited < 2000; waited += 50) await sleep(50);
      assert.equal(unpublished[0]?.status, 'error');
      assert.match(String(unpublished[0]?.message), /Unable to subscribe to changes/);
    } finally {
      await sql(`drop table if exists public.${table}`);
    }
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
