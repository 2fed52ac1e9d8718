// The project's group topics on the local stack as on hosted Realtime: the flush, run every 4 s by
// the migration's pg_cron job (postgres/cron-seconds.ts runs second schedules), delivers a chisme's latest
// counts to the browsers joined to its group within one interval and to nobody else; one
// connection holds at most 100 channels and joins are rate limited (realtime/limits.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JoinRate } from '../realtime/limits.ts';
import { signedInUser, sleep, sql } from './helpers.ts';
import { subscribe } from './realtime-channels.ts';

test('a like reaches its group within one flush interval, with the latest counts, and no other group', async () => {
  const author = await signedInUser('rt-group-author');
  const fan = await signedInUser('rt-group-fan');
  const reader = await signedInUser('rt-group-reader');
  try {
    const created = await author.client.rpc('create_chisme', {
      p_gender: 'Mujer',
      p_years: 30,
      p_content: 'Un chisme para los grupos del stack',
      p_tags: [],
      p_country: 'España',
      p_cotilleo: false,
    });
    assert.equal(created.error, null);
    const chismeId = (created.data as { id: string }).id;
    const [row] = await sql<{ topic: string }>(`select private.chisme_topic(cotilleo, created_at) as topic from public.chismes where id = $1`, [chismeId]);
    const topic = row!.topic;
    const bucket = Number(topic.split(':')[2]);
    const counts: unknown[] = [];
    const elsewhere: unknown[] = [];
    await reader.client.realtime.setAuth(reader.token);
    const own = reader.client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: 'chisme_counts' }, (message) => counts.push(message.payload));
    const other = reader.client
      .channel(`chismes:casual:${bucket - 1000}`, { config: { private: true } })
      .on('broadcast', { event: 'chisme_counts' }, (message) => elsewhere.push(message.payload));
    assert.equal((await subscribe(own)).status, 'SUBSCRIBED');
    assert.equal((await subscribe(other)).status, 'SUBSCRIBED');

    const likedAt = Date.now();
    assert.equal((await fan.client.rpc('like_chisme', { p_chisme_id: chismeId })).error, null);
    const mine = () => counts.flatMap((payload) => (payload as { counts: { id: string; likes: number }[] }).counts).filter((c) => c.id === chismeId);
    while (mine().length === 0 && Date.now() - likedAt < 6000) await sleep(50);
    assert.deepEqual(mine().at(-1), { id: chismeId, likes: 1, comments: 0 }, 'the latest counts arrive');
    assert.ok(Date.now() - likedAt < 5000, `within one 4 s interval and delivery (${Date.now() - likedAt} ms)`);
    await sleep(4500);
    assert.equal(mine().length, 1, 'one message for one change: the next flushes send nothing for it');
    assert.deepEqual(elsewhere, [], 'another group hears nothing');
  } finally {
    await Promise.all([author, fan, reader].map((user) => user.client.removeAllChannels()));
  }
});

test('one connection holds at most 100 channels; the 101st join is refused as hosted Realtime refuses it', async () => {
  const reader = await signedInUser('rt-group-many');
  try {
    await reader.client.realtime.setAuth(reader.token);
    const joined = await Promise.all(
      Array.from({ length: 100 }, (_, k) => subscribe(reader.client.channel(`chismes:casual:${k + 1}`, { config: { private: true } }))),
    );
    assert.deepEqual([...new Set(joined.map((result) => result.status))], ['SUBSCRIBED']);
    const refused = await subscribe(reader.client.channel('chismes:casual:101', { config: { private: true } }));
    assert.equal(refused.status, 'CHANNEL_ERROR');
    assert.match(String(refused.error?.message), /ChannelRateLimitReached: Too many channels/);
  } finally {
    await reader.client.removeAllChannels();
  }
});

test('joins per second are limited per project', () => {
  const rate = new JoinRate(3);
  assert.deepEqual([rate.admit(1000), rate.admit(1100), rate.admit(1200), rate.admit(1300)], [true, true, true, false]);
  assert.equal(rate.admit(2001), true, 'a second later the oldest join has left the window');
});
