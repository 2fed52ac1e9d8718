// A hostile user through the real API (docs/decisions/0002-rate-limits.md, docs/decisions/0004-notification-floods.md): one account floods posts, comments and
// likes, 20 requests at a time. The database's limits hold under that concurrency, every
// refusal is the stable `rate_limited` key with the wait, and the victim's earlier
// notifications survive a flood that arrives live as one collapsed notification. Then 30
// throw-away accounts attack one chisme at once (new-account rules), and raw REST writes and
// malformed RPC arguments are answered with keys, never PostgREST's cast errors.
import assert from 'node:assert/strict';
import type { PostgrestError, RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, describe, test } from 'vitest';
import { createChisme, deleteUsers, signedInUser, sleep, sql } from './helpers.ts';

type Outcome = { ok: boolean; error: PostgrestError | null };

async function burst(count: number, send: (i: number) => PromiseLike<{ error: PostgrestError | null }>): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { error } = await send(i);
      return { ok: error === null, error };
    }),
  );
}

/**
 * Makes an account established (created 30 days ago): the flood tests measure the limits of
 * an ordinary account; new accounts get half of them (proven in the sybil test and pgTAP 014-new-accounts).
 */
async function establish(...ids: string[]): Promise<void> {
  await sql(`update auth.users set created_at = now() - interval '30 days' where id = any($1::uuid[])`, [ids]);
}

function assertRefusedWithWait(outcomes: Outcome[], action: string, maxWait: number): void {
  for (const { error } of outcomes.filter((o) => !o.ok)) {
    assert.equal(error?.message, 'rate_limited', `a refusal is the stable key, got ${JSON.stringify(error)}`);
    const detail = JSON.parse(error?.details ?? '{}') as { action?: string; retry_after?: number };
    assert.equal(detail.action, action);
    assert.ok((detail.retry_after ?? 0) >= 1 && (detail.retry_after ?? 0) <= maxWait, `retry_after ${detail.retry_after} within 1..${maxWait}`);
  }
}

// Away from the end of a minute, so the one-minute windows cannot roll over mid-burst.
async function awayFromMinuteEnd(): Promise<void> {
  const second = new Date().getUTCSeconds();
  if (second > 50) await sleep((61 - second) * 1000);
}

describe('a hostile user', () => {
  const cleanup: string[] = [];
  afterAll(() => deleteUsers(cleanup));

  test('20 concurrent posts from one account: exactly the burst of 3 is stored, the rest refused with the wait', async () => {
    const flooder = await signedInUser('flood-posts');
    cleanup.push(flooder.id);
    await establish(flooder.id);
    await awayFromMinuteEnd();
    const outcomes = await burst(20, (i) =>
      flooder.client.rpc('create_chisme', {
        p_gender: 'Hombre',
        p_years: 30,
        p_content: `Chisme de inundación número ${i}`,
        p_tags: [],
        p_country: 'ES',
        p_cotilleo: false,
      }),
    );
    assert.equal(outcomes.filter((o) => o.ok).length, 3);
    assertRefusedWithWait(outcomes, 'chisme', 60);
    const stored = await sql<{ n: number }>('select count(*)::int as n from public.chisme_authors where user_id = $1', [flooder.id]);
    assert.equal(stored[0]?.n, 3, 'nothing half-written: the database holds exactly the allowed posts');
  });

  test('a comment flood reaches the victim as one live, collapsed notification; her earlier ones survive', async () => {
    const victim = await signedInUser('victima');
    const flooder = await signedInUser('flood-comments');
    const friend = await signedInUser('amiga');
    cleanup.push(victim.id, flooder.id, friend.id);
    await establish(flooder.id);
    const chismeId = await createChisme(victim, 'El chisme que van a inundar');
    // 60 earlier notifications from other chismes (the 100-cap used to wipe them in a flood)
    await sql(
      `insert into public.notifications (user_id, type, message, data, unique_id, created_at)
       select $1, 'comment_on_chisme', 'Antiguo ' || n, jsonb_build_object('chismeId', gen_random_uuid()), 'old:' || n, now() - n * interval '1 hour'
       from generate_series(1, 60) n`,
      [victim.id],
    );

    await victim.client.realtime.setAuth(victim.token);
    const live: string[] = [];
    const channel: RealtimeChannel = victim.client
      .channel(`notifications:${victim.id}`, { config: { private: true } })
      // one message per flush with the interval's new and collapsed rows (80-realtime.sql)
      // (the flood's rows only: the 60 earlier ones, inserted just before, may arrive in the first)
      .on('broadcast', { event: 'notifications' }, ({ payload }) => {
        type Row = { data: { chismeId?: string } };
        const { created, updated } = payload as { created: Row[]; updated: Row[] };
        const flood = (rows: Row[]) => rows.filter((row) => row.data.chismeId === chismeId);
        live.push(...flood(created).map(() => 'created'), ...flood(updated).map(() => 'updated'));
      });
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
      });
    });

    await awayFromMinuteEnd();
    const outcomes = await burst(20, (i) =>
      flooder.client.rpc('add_comment', {
        p_chisme_id: chismeId,
        p_parent_id: null,
        p_content: `Spam ${i}`,
        p_gender: 'Hombre',
        p_years: 30,
        p_country: 'ES',
      }),
    );
    assert.equal(outcomes.filter((o) => o.ok).length, 10, 'the comment burst limit (10 a minute) holds under 20-way concurrency');
    assertRefusedWithWait(outcomes, 'comment', 60);
    const { error } = await friend.client.rpc('add_comment', {
      p_chisme_id: chismeId,
      p_parent_id: null,
      p_content: 'Yo también lo vi',
      p_gender: 'Mujer',
      p_years: 30,
      p_country: 'ES',
    });
    assert.equal(error, null);
    await sleep(5000); // one flush interval (4 s) and delivery
    await victim.client.removeChannel(channel);

    const rows = await sql<{ old: number; flood: number; senders: number; message: string }>(
      `select count(*) filter (where message like 'Antiguo %')::int as old,
              count(*) filter (where data ->> 'chismeId' = $2)::int as flood,
              max(senders) filter (where data ->> 'chismeId' = $2) as senders,
              max(message) filter (where data ->> 'chismeId' = $2) as message
       from public.notifications where user_id = $1`,
      [victim.id, chismeId],
    );
    assert.deepEqual(rows[0], { old: 60, flood: 1, senders: 2, message: '2 personas comentaron tu chisme' });
    assert.equal(live.filter((e) => e === 'created').length, 1, 'one new live notification');
    assert.ok(live.length <= 6, `the flood arrived as at most 6 live events (5 from the flooder's budget, 1 from the friend), not 20: ${live.length}`);
  });

  test('20 concurrent likes from one account: exactly the budget is stored, counters stay exact', async () => {
    const author = await signedInUser('autora-likes');
    const flooder = await signedInUser('flood-likes');
    cleanup.push(author.id, flooder.id);
    await establish(flooder.id);
    // 20 chismes by the author, written in SQL as the author (past her own posting limit).
    await sql(`do $$ begin
      perform set_config('request.jwt.claims', '{"sub":"${author.id}","role":"authenticated"}', true);
      insert into public.chismes (gender, years, content) select 'Mujer', 30, 'Chisme para likes ' || n from generate_series(1, 20) n;
    end $$`);
    const ids = (await sql<{ id: string }>('select chisme_id as id from public.chisme_authors where user_id = $1', [author.id])).map((r) => r.id);
    assert.equal(ids.length, 20);
    await sql(`update private.rate_limit_settings set max_events = 12 where action = 'like' and window_seconds = 60`);
    try {
      await awayFromMinuteEnd();
      const outcomes = await burst(20, (i) => flooder.client.rpc('like_chisme', { p_chisme_id: ids[i] }));
      assert.equal(outcomes.filter((o) => o.ok).length, 12, 'exactly the budget of 12 went through 20-way concurrency');
      assertRefusedWithWait(outcomes, 'like', 60);
      const counts = await sql<{ likes: number; exact: boolean }>(
        `select sum(c.likes)::int as likes, bool_and(c.likes = (select count(*) from public.likes l where l.chisme_id = c.id)) as exact
         from public.chismes c where c.id = any($1::uuid[])`,
        [ids],
      );
      assert.deepEqual(counts[0], { likes: 12, exact: true }, 'the refused likes left no trace in the counters');
    } finally {
      await sql(`update private.rate_limit_settings set max_events = 60 where action = 'like' and window_seconds = 60`);
    }
  });
});
