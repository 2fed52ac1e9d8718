// Throw-away accounts through the real API (docs/decisions/0003-new-account-rules.md): 30 accounts created a moment ago like
// and report one chisme all at once. Before the new-account rules all 30 likes landed and five
// of the reports hid the chisme; now new accounts together may like one chisme 10 times and
// report it 3 times an hour, their reports never hide it, and every refusal is the stable
// `new_account_limited` key with the wait. The same flood from day-old accounts hides it.
// Also: REST table writes and malformed RPC arguments are answered with keys (403/400).
import assert from 'node:assert/strict';
import type { PostgrestError } from '@supabase/supabase-js';
import { afterAll, describe, test } from 'vitest';
import { env } from './env.ts';
import { createChisme, deleteUsers, signedInUser, sql } from './helpers.ts';

type Account = Awaited<ReturnType<typeof signedInUser>>;
type Outcome = { ok: boolean; error: PostgrestError | null };

async function accounts(label: string, count: number): Promise<Account[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => signedInUser(`${label}-${i}`)));
}

async function all(users: Account[], send: (user: Account) => PromiseLike<{ error: PostgrestError | null }>): Promise<Outcome[]> {
  return Promise.all(
    users.map(async (user) => {
      const { error } = await send(user);
      return { ok: error === null, error };
    }),
  );
}

function assertNewAccountRefusals(outcomes: Outcome[], action: string): void {
  for (const { error } of outcomes.filter((o) => !o.ok)) {
    assert.equal(error?.message, 'new_account_limited', `a refusal is the stable key, got ${JSON.stringify(error)}`);
    const detail = JSON.parse(error?.details ?? '{}') as { action?: string; retry_after?: number };
    assert.equal(detail.action, action);
    assert.ok((detail.retry_after ?? 0) >= 1 && (detail.retry_after ?? 0) <= 3600, `retry_after ${detail.retry_after} within 1..3600`);
  }
}

describe('throw-away accounts', () => {
  const cleanup: string[] = [];
  afterAll(() => deleteUsers(cleanup));

  test('30 new accounts like and report one chisme at once: 10 likes, 3 reports, not hidden', async () => {
    const author = await signedInUser('victima-sybil');
    const sybils = await accounts('sybil', 30);
    cleanup.push(author.id, ...sybils.map((s) => s.id));
    const chismeId = await createChisme(author, 'El chisme que atacan treinta cuentas');

    const started = Date.now();
    const [likes, reports] = await Promise.all([
      all(sybils, (s) => s.client.rpc('like_chisme', { p_chisme_id: chismeId })),
      all(sybils, (s) => s.client.rpc('report_chisme', { p_chisme_id: chismeId, p_reason: 'Spam' })),
    ]);
    console.log(`# 30 likes + 30 reports from 30 new accounts answered in ${Date.now() - started} ms`);
    assert.equal(likes.filter((o) => o.ok).length, 10, 'new accounts together like one chisme at most 10 times an hour');
    assertNewAccountRefusals(likes, 'like');
    assert.equal(reports.filter((o) => o.ok).length, 3, 'new accounts together report one chisme at most 3 times an hour');
    assertNewAccountRefusals(reports, 'report');
    const [row] = await sql<{ likes: number; stored_likes: number; reports: number; hidden: boolean }>(
      `select c.likes, (select count(*)::int from public.likes l where l.chisme_id = c.id) as stored_likes,
              (select count(*)::int from public.reports r where r.chisme_id = c.id) as reports, c.hidden_at is not null as hidden
       from public.chismes c where c.id = $1`,
      [chismeId],
    );
    assert.deepEqual(row, { likes: 10, stored_likes: 10, reports: 3, hidden: false }, 'counters exact, and the chisme stays visible');
  });

  test('the same attack from day-old accounts: every like lands and five reports hide the chisme', async () => {
    const author = await signedInUser('victima-veterana');
    const veterans = await accounts('veterana', 6);
    cleanup.push(author.id, ...veterans.map((s) => s.id));
    await sql(`update auth.users set created_at = now() - interval '2 days' where id = any($1::uuid[])`, [veterans.map((v) => v.id)]);
    const chismeId = await createChisme(author, 'El chisme que reportan cuentas con historia');

    const likes = await all(veterans, (v) => v.client.rpc('like_chisme', { p_chisme_id: chismeId }));
    assert.equal(likes.filter((o) => o.ok).length, 6, 'established accounts have no per-target cap');
    const reports = await all(veterans.slice(0, 5), (v) => v.client.rpc('report_chisme', { p_chisme_id: chismeId, p_reason: 'Spam' }));
    assert.equal(reports.filter((o) => o.ok).length, 5);
    const [row] = await sql<{ hidden: boolean }>('select hidden_at is not null as hidden from public.chismes where id = $1', [chismeId]);
    assert.equal(row?.hidden, true, 'five reports from accounts past their first day hide it');
  });

  test("REST table writes get 403 rest_write_not_allowed; malformed RPC arguments get the RPC's key", async () => {
    const user = await signedInUser('rest-writer');
    cleanup.push(user.id);
    const headers = { apikey: env.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const writes: Array<[string, string, unknown]> = [
      ['POST', 'likes', { chisme_id: 'x' }],
      ['POST', 'chismes', { gender: 'Mujer', years: 1e20, content: 'x' }],
      ['PATCH', 'notifications?id=eq.00000000-0000-0000-0000-000000000000', { is_read: 'quizás' }],
      ['DELETE', 'likes?chisme_id=eq.00000000-0000-0000-0000-000000000000', undefined],
      ['PATCH', `profiles?id=eq.${user.id}`, { cotilleo: 'sí' }],
    ];
    for (const [method, path, body] of writes) {
      const response = await fetch(`${env.url}/rest/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      assert.equal(response.status, 403, `${method} /${path}`);
      assert.deepEqual(await response.json(), {
        code: 'rest_write_not_allowed',
        message: 'rest_write_not_allowed',
        details: '{"hint": "Writes go through the RPCs of docs/api.md"}',
        hint: null,
      });
    }
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['like_chisme', { p_chisme_id: 'x' }, 'chisme_not_found'],
      [
        'create_chisme',
        { p_gender: 'Mujer', p_years: 1e20, p_content: 'Un chisme con edad imposible', p_tags: [], p_country: 'ES', p_cotilleo: false },
        'chisme_years_out_of_range',
      ],
      [
        'create_chisme',
        { p_gender: 'Mujer', p_years: 30, p_content: 'Un chisme con modo imposible', p_tags: [], p_country: 'ES', p_cotilleo: 'quizás' },
        'chisme_mode_invalid',
      ],
      ['add_comment', { p_chisme_id: 42, p_parent_id: null, p_content: 'Hola', p_gender: 'Mujer', p_years: 30, p_country: 'ES' }, 'chisme_not_found'],
      ['report_comment', { p_comment_id: 'x', p_reason: 'Spam' }, 'report_target_not_found'],
      ['mark_notification_read', { p_id: 'x' }, 'notification_not_found'],
      ['update_my_profile', { p_cotilleo: 'sí' }, 'profile_setting_invalid'],
    ];
    for (const [name, args, key] of calls) {
      const { error } = await user.client.rpc(name, args);
      assert.equal(error?.message, key, `${name}(${JSON.stringify(args)}): ${JSON.stringify(error)}`);
      assert.equal(error?.code, 'P0001', 'a key of ours, not a 22P02 / 22003 cast error');
    }
  });
});
