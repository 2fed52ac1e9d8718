// log-country through the local stack: the function in real Deno, the database's
// once-per-24-hours rule in real PostgreSQL.
import assert from 'node:assert/strict';
import { invoke, signUp, sql } from './stack.ts';

// The table the database keeps the reports in (docs/api.md).
const countryLog = 'public.country_logs';

async function recordsOf(userId: string, country: string): Promise<number> {
  const [row] = await sql<{ count: string }>(
    `select count(*) from ${countryLog} where user_id = $1 and country = $2`,
    [userId, country],
  );
  return Number(row?.count ?? 0);
}

Deno.test('the same user and country within 24 h is recorded once; again after 24 h', async () => {
  const user = await signUp('pais');
  const first = await invoke(user, 'log-country', { country: 'Costa Rica' });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.deepEqual(first.body, { recorded: true });
  const again = await invoke(user, 'log-country', { country: '  Costa Rica ' });
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, { recorded: false });
  assert.equal(await recordsOf(user.id, 'Costa Rica'), 1);

  await sql(`update ${countryLog} set created_at = created_at - interval '25 hours' where user_id = $1`, [user.id]);
  const nextDay = await invoke(user, 'log-country', { country: 'Costa Rica' });
  assert.equal(nextDay.status, 201);
  assert.equal(await recordsOf(user.id, 'Costa Rica'), 2);
});

Deno.test('another country, or another user, is a new record', async () => {
  const [one, two] = await Promise.all([signUp('pais-a'), signUp('pais-b')]);
  assert.equal((await invoke(one, 'log-country', { country: 'España' })).status, 201);
  assert.equal((await invoke(one, 'log-country', { country: 'México' })).status, 201);
  assert.equal((await invoke(two, 'log-country', { country: 'España' })).status, 201);
  assert.equal(await recordsOf(one.id, 'España'), 1);
  assert.equal(await recordsOf(one.id, 'México'), 1);
  assert.equal(await recordsOf(two.id, 'España'), 1);
});

Deno.test('an invalid country is 400 and records nothing', async () => {
  const user = await signUp('pais-malo');
  const response = await invoke(user, 'log-country', { country: '   ' });
  assert.equal(response.status, 400);
  assert.equal((response.body.error as { code: string }).code, 'country_invalid');
  const [row] = await sql<{ count: string }>(`select count(*) from ${countryLog} where user_id = $1`, [user.id]);
  assert.equal(Number(row?.count), 0);
});

Deno.test('a country of only zero-width or bidi characters is 400 (empty once the database normalises it), nothing stored', async () => {
  const user = await signUp('pais-invisible');
  for (const country of ['\u200b', '\u200b\u200d ', '\u202e\u2066']) {
    const response = await invoke(user, 'log-country', { country });
    assert.equal(response.status, 400, JSON.stringify(country));
    assert.equal((response.body.error as { code: string }).code, 'country_invalid');
  }
  const [row] = await sql<{ count: string }>(`select count(*) from ${countryLog} where user_id = $1`, [user.id]);
  assert.equal(Number(row?.count), 0);
});

Deno.test('past the country rate limit: 429 rate_limited with Retry-After, nothing stored', async () => {
  const user = await signUp('pais-rafaga');
  // signUp lifts the test users' limits a thousandfold; this one has a person's limits.
  await sql('delete from private.rate_limit_overrides where user_id = $1', [user.id]);
  // The hourly window already full (this hour's and, should the hour turn meanwhile, the next):
  // the limits themselves, at and past them, are proven in pgTAP (170-rate-limits).
  await sql(
    `insert into private.rate_limit_counters (subject_id, action, window_seconds, window_start, events)
     select $1, 'country', s.window_seconds, to_timestamp(floor(extract(epoch from now()) / s.window_seconds) * s.window_seconds + k * s.window_seconds), s.max_events
       from private.rate_limit_settings s, generate_series(0, 1) k
      where s.action = 'country' and s.window_seconds = 3600`,
    [user.id],
  );
  const refused = await user.client.functions.invoke('log-country', { body: { country: 'Perú' } });
  const response = refused.response as Response;
  assert.equal(response.status, 429);
  const retryAfter = Number(response.headers.get('Retry-After'));
  assert.ok(retryAfter >= 1 && retryAfter <= 7200, `Retry-After ${response.headers.get('Retry-After')}`);
  assert.deepEqual(await response.json(), {
    error: { code: 'rate_limited', message: 'Error API: Vas demasiado rápido. Espera un momento antes de volver a intentarlo.' },
  });
  assert.equal(await recordsOf(user.id, 'Perú'), 0);
});
