// The project's head topics on the local stack as on hosted Realtime: the flush, run every 4 s by
// the migration's pg_cron job (postgres/cron-seconds.ts runs second schedules), delivers a new
// chisme's latest counts to the browsers joined to the head of recent of its mode, once, and to
// no other head; one connection holds at most 100 channels and joins are rate
// limited (realtime/limits.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JoinRate } from '../realtime/limits.ts';
import { signedInUser, sleep, sql } from './helpers.ts';
import { DELIVERY_DEADLINE_MS, subscribe } from './realtime-channels.ts';

type Live = { id: string; likes: number; comments: number; file_exist: boolean; image_viewable: boolean };

const databaseNow = async (): Promise<string> => (await sql<{ now: string }>('select now()::text as now'))[0]!.now;

/** Waits until `runs` flushes have run to success since `since` (the database's clock). */
async function flushesAfter(since: string, runs: number): Promise<void> {
  const deadline = Date.now() + 3 * DELIVERY_DEADLINE_MS;
  for (;;) {
    const [row] = await sql<{ done: number }>(
      `select count(*)::int as done from cron.job_run_details d join cron.job j using (jobid)
        where j.jobname = 'flush-realtime' and d.status = 'succeeded' and d.start_time > $1::timestamptz`,
      [since],
    );
    if (row!.done >= runs) return;
    assert.ok(Date.now() < deadline, `${runs} flushes since ${since}: ${row!.done} ran`);
    await sleep(200);
  }
}

test('a like reaches the head of recent by the 4 s flush, with the latest counts, once, and no other head', async () => {
  const author = await signedInUser('rt-head-author');
  const fan = await signedInUser('rt-head-fan');
  const reader = await signedInUser('rt-head-reader');
  try {
    const created = await author.client.rpc('create_chisme', {
      p_gender: 'Mujer',
      p_years: 30,
      p_content: 'Un chisme para las cabeceras del stack',
      p_tags: [],
      p_country: 'España',
      p_cotilleo: false,
    });
    assert.equal(created.error, null);
    const chismeId = (created.data as { id: string }).id;
    const counts: Live[] = [];
    const elsewhere: unknown[] = [];
    // the cotilleo heads are for adults who confirmed it (docs/decisions/0035-notice-and-action.md)
    await sql('update public.profiles set adult_confirmed_at = now() where id = $1', [reader.id]);
    await reader.client.realtime.setAuth(reader.token);
    const own = reader.client
      .channel('head:recent:casual', { config: { private: true } })
      .on('broadcast', { event: 'chisme_counts' }, (message) => counts.push(...(message.payload as { counts: Live[] }).counts));
    const other = reader.client
      .channel('head:recent:cotilleo', { config: { private: true } })
      .on('broadcast', { event: 'chisme_counts' }, (message) => elsewhere.push(message.payload));
    assert.equal((await subscribe(own)).status, 'SUBSCRIBED');
    assert.equal((await subscribe(other)).status, 'SUBSCRIBED');

    // How fast is the bench's (staleness in bench/README.md "scale"): a deadline measured from
    // outside on a shared machine only says whether the message came.
    assert.deepEqual(await sql(`select schedule from cron.job where jobname = 'flush-realtime'`), [{ schedule: '4 seconds' }]);
    assert.equal((await fan.client.rpc('like_chisme', { p_chisme_id: chismeId })).error, null);
    const mine = () => counts.filter((c) => c.id === chismeId);
    const deadline = Date.now() + DELIVERY_DEADLINE_MS;
    while (mine().length === 0 && Date.now() < deadline) await sleep(50);
    assert.deepEqual(mine().at(-1), { id: chismeId, likes: 1, comments: 0, file_exist: false, image_viewable: false }, 'the latest counts arrive');
    await flushesAfter(await databaseNow(), 2);
    assert.equal(mine().length, 1, 'one message for one change: the next flushes send nothing for it');
    assert.deepEqual(elsewhere, [], "the other mode's head hears nothing");
  } finally {
    await Promise.all([author, fan, reader].map((user) => user.client.removeAllChannels()));
  }
});

test('one connection holds at most 100 channels; the 101st join is refused as hosted Realtime refuses it', async () => {
  const reader = await signedInUser('rt-group-many');
  try {
    await reader.client.realtime.setAuth(reader.token);
    const joined = await Promise.all(
      // public channels: any name joins, so only the channel limit can refuse the 101st
      Array.from({ length: 100 }, (_, k) => subscribe(reader.client.channel(`probe:${k + 1}`))),
    );
    assert.deepEqual([...new Set(joined.map((result) => result.status))], ['SUBSCRIBED']);
    const refused = await subscribe(reader.client.channel('probe:101'));
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
