// Refused writes count towards the rate limit, through the real PostgREST and supabase-js
// (docs/decisions/0024-refused-writes-count.md): chismes, comments, country logs, likes, unlikes
// and reports. A refusal
// is answered with status 400 and the same error object a raised key gives (code, message,
// details, hint), and its count is committed: refusals sent at once are each counted exactly,
// and a valid write after as many refusals as the limit is refused with rate_limited. Nothing
// the refusals carried is stored.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { PostgrestError } from '@supabase/supabase-js';
import { deleteUsers, signedInUser, sleep, sql } from './helpers.ts';

// Away from the end of a minute, so the one-minute windows cannot roll over mid-test.
async function awayFromMinuteEnd(): Promise<void> {
  const second = new Date().getUTCSeconds();
  if (second > 45) await sleep((61 - second) * 1000);
}

// An ordinary account (created 30 days ago): new accounts get half of every limit.
async function establishedUser(label: string) {
  const user = await signedInUser(label);
  await sql(`update auth.users set created_at = now() - interval '30 days' where id = $1`, [user.id]);
  return user;
}

async function minuteEvents(userId: string, action: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    'select coalesce(sum(events), 0)::int as n from private.rate_limit_counters where subject_id = $1 and action = $2 and window_seconds = 60',
    [userId, action],
  );
  return row?.n ?? -1;
}

async function authored(userId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select ((select count(*) from public.chisme_authors where user_id = $1)
           + (select count(*) from public.comment_authors where user_id = $1))::int as n`,
    [userId],
  );
  return row?.n ?? -1;
}

type User = Awaited<ReturnType<typeof establishedUser>>;

/** How many rows of `public.<table>` the user holds. */
async function rowsOf(table: 'country_logs' | 'likes' | 'reports', userId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from public.${table} where user_id = $1`, [userId]);
  return row?.n ?? -1;
}

/** A casual chisme through the RPC the web app calls (its scalars as text, as the client sends them). */
const post = (user: User, content: string) =>
  user.client.rpc('create_chisme', { p_gender: 'Mujer', p_years: '30', p_content: content, p_tags: [], p_country: 'ES', p_cotilleo: 'false' });

async function chismeBy(author: User, content: string): Promise<string> {
  const created = await post(author, content);
  assert.equal(created.error, null);
  return (created.data as { id: string }).id;
}

describe('refused writes count towards the rate limit', () => {
  const cleanup: string[] = [];
  after(() => deleteUsers(cleanup));
  // A user of one test, deleted after the suite.
  const account = async (label: string): Promise<User> => {
    const made = await establishedUser(label);
    cleanup.push(made.id);
    return made;
  };

  test('a refusal keeps the error object and status of a raised key', async () => {
    const user = await account('refused-shape');
    const refused = await post(user, 'corto');
    assert.equal(refused.status, 400);
    assert.equal(refused.data, null);
    assert.deepEqual(refused.error, { code: 'P0001', details: '{"min": 10}', hint: null, message: 'chisme_content_too_short' });
    // The same keys as an error PostgREST builds from a raised P0001 (a read RPC, unchanged).
    const raised = await user.client.rpc('get_chisme', { p_id: 'no-es-un-id' });
    assert.equal(raised.status, 400);
    assert.deepEqual(Object.keys(raised.error as PostgrestError).sort(), Object.keys(refused.error as PostgrestError).sort());
  });

  test('three refused chismes, then a valid one: rate_limited at the limit of 3 a minute, nothing stored', async () => {
    const user = await account('refused-chismes');
    await awayFromMinuteEnd();
    const refusals = [await post(user, 'corto'), await post(user, 'llámame al 600 123 456 esta noche'), await post(user, 'x'.repeat(20_000))];
    assert.deepEqual(
      refusals.map((r) => r.error?.message),
      ['chisme_content_too_short', 'content_personal_data', 'chisme_content_too_long'],
    );
    assert.equal(await minuteEvents(user.id, 'chisme'), 3);
    const valid = await post(user, 'Un chisme perfectamente válido');
    assert.equal(valid.error?.message, 'rate_limited');
    assert.equal((JSON.parse(valid.error?.details ?? '{}') as { action?: string }).action, 'chisme');
    assert.equal(await authored(user.id), 0);
  });

  test('20 refused country logs, then a valid one: rate_limited at the limit of 20 an hour', async () => {
    const user = await account('refused-countries');
    const refusals = await Promise.all(Array.from({ length: 20 }, (_, i) => user.client.rpc('log_country', { p_country: `llámame al 600 123 45${i % 10}` })));
    assert.deepEqual(new Set(refusals.map((r) => `${r.status} ${r.error?.message}`)), new Set(['400 content_personal_data']));
    const valid = await user.client.rpc('log_country', { p_country: 'Costa Rica' });
    assert.equal(valid.error?.message, 'rate_limited');
    assert.equal(await rowsOf('country_logs', user.id), 0);
  });

  test('7 refused comments at once are counted exactly: 3 valid ones pass, the 4th is rate_limited', async () => {
    const author = await account('refused-comments-author');
    const user = await account('refused-comments');
    const chismeId = await chismeBy(author, 'Un chisme para comentar');
    await awayFromMinuteEnd();
    const comment = (content: string) =>
      user.client.rpc('add_comment', {
        p_chisme_id: chismeId,
        p_parent_id: null as unknown as string,
        p_content: content,
        p_gender: 'Mujer',
        p_years: '30',
        p_country: 'ES',
      });
    const refusals = await Promise.all(Array.from({ length: 7 }, (_, i) => comment(`escríbeme a pepa${i}@correo.es`)));
    assert.deepEqual(new Set(refusals.map((r) => r.error?.message)), new Set(['content_personal_data']));
    assert.equal(await minuteEvents(user.id, 'comment'), 7);
    const valid = [];
    for (let i = 0; i < 4; i++) valid.push(await comment(`Un comentario normal ${i + 1}`));
    assert.deepEqual(
      valid.map((r) => r.error?.message ?? 'ok'),
      ['ok', 'ok', 'ok', 'rate_limited'],
    );
    assert.equal(await authored(user.id), 3);
  });

  test('60 refused likes and unlikes at once are counted exactly: a valid like is then rate_limited, nothing stored', async () => {
    const author = await account('refused-likes-author');
    const user = await account('refused-likes');
    const chismeId = await chismeBy(author, 'Un chisme que gustará a todos');
    await awayFromMinuteEnd();
    // Half likes of chismes that do not exist, half unlikes of a chisme never liked.
    const refusals = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 ? user.client.rpc('like_chisme', { p_chisme_id: crypto.randomUUID() }) : user.client.rpc('unlike_chisme', { p_chisme_id: chismeId }),
      ),
    );
    assert.deepEqual(new Set(refusals.map((r) => `${r.status} ${r.error?.message}`)), new Set(['400 chisme_not_found', '400 like_not_found']));
    assert.deepEqual(refusals[1]?.error, { code: 'P0001', details: null, hint: null, message: 'chisme_not_found' });
    assert.equal(await minuteEvents(user.id, 'like'), 60);
    const valid = await user.client.rpc('like_chisme', { p_chisme_id: chismeId });
    assert.equal(valid.error?.message, 'rate_limited');
    assert.equal((JSON.parse(valid.error?.details ?? '{}') as { action?: string }).action, 'like');
    assert.equal(await rowsOf('likes', user.id), 0);
  });

  test('a like and an unlike still answer the new count as a number', async () => {
    const author = await account('liked-author');
    const user = await account('liker');
    const chismeId = await chismeBy(author, 'Un chisme que sí gustará');
    const liked = await user.client.rpc('like_chisme', { p_chisme_id: chismeId });
    assert.deepEqual([liked.status, liked.error, liked.data], [200, null, 1]);
    const unliked = await user.client.rpc('unlike_chisme', { p_chisme_id: chismeId });
    assert.deepEqual([unliked.status, unliked.error, unliked.data], [200, null, 0]);
  });

  test('5 reports of one chisme at once: one stored, 4 report_already_exists, all counted; past the limit a refusal keeps its key, a valid report is rate_limited', async () => {
    const author = await account('refused-reports-author');
    const user = await account('refused-reports');
    const chismeId = await chismeBy(author, 'Un chisme que será denunciado');
    const otherId = await chismeBy(author, 'Otro chisme que será denunciado');
    await awayFromMinuteEnd();
    // Concurrent repeats meet both the rule trigger and the unique index (a raced repeat).
    const reports = await Promise.all(Array.from({ length: 5 }, () => user.client.rpc('report_chisme', { p_chisme_id: chismeId, p_reason: 'Spam' })));
    assert.deepEqual(reports.map((r) => `${r.status} ${r.error?.message ?? 'ok'}`).sort(), [
      '200 ok',
      '400 report_already_exists',
      '400 report_already_exists',
      '400 report_already_exists',
      '400 report_already_exists',
    ]);
    assert.equal(await minuteEvents(user.id, 'report'), 5);
    const sixth = await user.client.rpc('report_comment', { p_comment_id: 'no-es-un-id', p_reason: 'Spam' });
    assert.equal(sixth.error?.message, 'report_target_not_found');
    const valid = await user.client.rpc('report_chisme', { p_chisme_id: otherId, p_reason: 'Spam' });
    assert.equal(valid.error?.message, 'rate_limited');
    assert.equal(await rowsOf('reports', user.id), 1);
  });
});
