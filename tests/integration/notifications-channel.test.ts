// The product's own realtime contract (docs/api.md) through the public API: a like by one user
// reaches the author's private `notifications:<id>` channel; nobody else may join it.
import assert from 'node:assert/strict';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, test } from 'vitest';
import { createChisme, deleteUsers, signedInUser, sleep } from './helpers.ts';

function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status !== 'CLOSED') resolve({ status, error });
    });
  });
}

const cleanup: string[] = [];
afterAll(() => deleteUsers(cleanup));

test('a like notifies the author on notifications:<author id>; another user is refused that topic', async () => {
  const author = await signedInUser('autora');
  const fan = await signedInUser('fan');
  cleanup.push(author.id, fan.id);
  try {
    const topic = `notifications:${author.id}`;
    await author.client.realtime.setAuth(author.token);
    await fan.client.realtime.setAuth(fan.token);
    const notifications: Record<string, unknown>[] = [];
    // one `notifications` message per person per flush (every 4 s), with the interval's new rows
    const own = author.client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: 'notifications' }, ({ payload }) => notifications.push(...(payload as { created: Record<string, unknown>[] }).created));
    assert.equal((await subscribe(own)).status, 'SUBSCRIBED');
    const foreign = await subscribe(fan.client.channel(topic, { config: { private: true } }));
    assert.equal(foreign.status, 'CHANNEL_ERROR');

    const chismeId = await createChisme(author, 'Un chisme de prueba de las notificaciones');
    const liked = await fan.client.rpc('like_chisme', { p_chisme_id: chismeId });
    assert.equal(liked.error, null);
    for (let waited = 0; notifications.length === 0 && waited < 5000; waited += 50) await sleep(50);
    assert.equal(notifications.length, 1, 'delivered within one flush interval (4 s) and delivery');
    assert.equal(notifications[0]?.user_id, author.id);
    assert.equal(notifications[0]?.type, 'like_on_chisme');
  } finally {
    await author.client.removeAllChannels();
    await fan.client.removeAllChannels();
  }
});
