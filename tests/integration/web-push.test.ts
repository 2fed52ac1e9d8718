// Web Push end to end on a running Supabase (docs/decisions/0028-web-push.md): the database
// queues, the schedule (pg_cron + pg_net on hosted, the daemon on the local stack) calls the
// push-send function, which encrypts and posts to a real push-protocol server
// (tests/shared/push-service.ts), which checks VAPID and decrypts. Nothing is stubbed between
// the comment and the decrypted text.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { env } from './env.ts';
import { createChisme, deleteUsers, type Person, signedInUser, sleep, sql } from './helpers.ts';
import { type PushService, type PushSubscriptionJson, startPushService } from '../shared/push-service.ts';

let service: PushService;
let publicKey: string;
const cleanup: string[] = [];

beforeAll(async () => {
  service = await startPushService();
  await sql('insert into private.push_services (endpoint_pattern, note) values ($1, $2)', [service.endpointPattern, 'integration test']);
  const response = await fetch(`${env.url}/functions/v1/push-send`, { headers: { apikey: env.anonKey } });
  assert.equal(response.status, 200, 'push-send answers its VAPID public key');
  publicKey = ((await response.json()) as { publicKey: string }).publicKey;
});

afterAll(async () => {
  await sql('delete from private.push_services where endpoint_pattern = $1', [service.endpointPattern]);
  await deleteUsers(cleanup);
  await service.close();
});

async function subscribed(label: string): Promise<{ person: Person; subscription: PushSubscriptionJson }> {
  const person = await signedInUser(label);
  cleanup.push(person.id);
  const subscription = await service.subscribe(publicKey);
  const saved = await person.client.rpc('save_push_subscription', {
    p_endpoint: subscription.endpoint,
    p_p256dh: subscription.keys.p256dh,
    p_auth: subscription.keys.auth,
    p_time_zone: 'UTC',
  });
  assert.equal(saved.error, null, JSON.stringify(saved.error));
  // quiet hours off: the test must not depend on the hour it runs at
  const settings = await person.client.rpc('update_push_settings', { p_quiet_hours: false });
  assert.equal(settings.error, null);
  return { person, subscription };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(value)})`);
    await sleep(100);
  }
}

test("a comment on a subscribed person's chisme arrives decrypted within 10 s, without its text", async () => {
  const { person: author, subscription } = await subscribed('push-autora');
  const fan = await signedInUser('push-fan');
  cleanup.push(fan.id);
  const chismeId = await createChisme(author, 'Un chisme que alguien comentará enseguida');

  const commented = await fan.client.rpc('add_comment', {
    p_chisme_id: chismeId,
    p_parent_id: null,
    p_content: 'Esto no debe verse en la pantalla bloqueada',
    p_gender: 'Hombre',
    p_years: '25',
    p_country: 'ES',
  });
  assert.equal(commented.error, null);
  const started = performance.now();
  const [message] = await waitFor(
    'the push',
    () => service.messages(subscription),
    (m) => m.length > 0,
    10_000,
  );
  const latencyMs = Math.round(performance.now() - started);
  console.log(`web push: comment → decrypted at the push service in ${latencyMs} ms`);

  const payload = JSON.parse(message!) as Record<string, string>;
  assert.equal(payload.body, 'Tienes un comentario nuevo en Chismes', 'the lock-screen setting is off by default');
  assert.ok(!message!.includes('pantalla bloqueada'), 'no snippet of the comment');
  assert.ok(!message!.includes(fan.id) && !message!.includes(author.id), "nobody's id");
  assert.match(payload.url!, new RegExp(`^/chismes/${chismeId}\\?notificacion=[0-9a-f-]{36}$`));
  const [device] = await sql<{ last_success_at: Date | null }>('select last_success_at from private.push_subscriptions where endpoint = $1', [
    subscription.endpoint,
  ]);
  assert.ok(device?.last_success_at, 'the delivery is recorded on the device');
});

test('a 410 from the push service removes the subscription', async () => {
  const { person: author, subscription } = await subscribed('push-gone');
  const fan = await signedInUser('push-fan-gone');
  cleanup.push(fan.id);
  const chismeId = await createChisme(author, 'Un chisme de alguien que desinstaló el navegador');
  await service.expire(subscription);
  const commented = await fan.client.rpc('add_comment', {
    p_chisme_id: chismeId,
    p_parent_id: null,
    p_content: 'Un comentario que no llegará',
    p_gender: 'Mujer',
    p_years: '30',
    p_country: 'ES',
  });
  assert.equal(commented.error, null);
  await waitFor(
    'the subscription removed',
    async () => (await sql('select 1 from private.push_subscriptions where endpoint = $1', [subscription.endpoint])).length,
    (rows) => rows === 0,
    15_000,
  );
});

test('a burst of 50 replies from 50 people: at most the budget plus one summary', async () => {
  const { person: author, subscription } = await subscribed('push-rafaga');
  const neighbour = await signedInUser('push-vecina');
  cleanup.push(neighbour.id);
  // fixtures beyond a new account's per-minute limits (an override also makes an account not new)
  await sql('insert into private.rate_limit_overrides (user_id, factor) values ($1, 100), ($2, 100)', [neighbour.id, author.id]);
  // ten threads, the author's comment in each: replies to them are ten notifications
  const comments: string[] = [];
  for (let i = 0; i < 10; i++) {
    const chismeId = await createChisme(neighbour, `Chisme número ${i + 1} de la vecina`);
    const { data, error } = await author.client.rpc('add_comment', {
      p_chisme_id: chismeId,
      p_parent_id: null,
      p_content: `Opino sobre el chisme ${i + 1}`,
      p_gender: 'Mujer',
      p_years: '30',
      p_country: 'ES',
    });
    assert.equal(error, null);
    comments.push((data as { id: string; chisme_id: string }).id + ' ' + chismeId);
  }
  const repliers: Person[] = [];
  for (let i = 0; i < 50; i += 10) repliers.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => signedInUser(`push-r${i + k}`)))));
  cleanup.push(...repliers.map((r) => r.id));
  const [budget] = await sql<{ max_per_hour: number }>('select max_per_hour from private.push_limits');

  const replies = await Promise.all(
    repliers.map((replier, i) => {
      const [commentId, chismeId] = comments[i % 10]!.split(' ');
      return replier.client.rpc('add_comment', {
        p_chisme_id: chismeId,
        p_parent_id: commentId,
        p_content: `Respuesta número ${i + 1}`,
        p_gender: 'Hombre',
        p_years: '28',
        p_country: 'ES',
      });
    }),
  );
  assert.deepEqual(
    replies.filter((r) => r.error).map((r) => r.error),
    [],
  );
  const [row] = await sql<{ rows: number }>("select count(*)::int as rows from public.notifications where user_id = $1 and type = 'reply_to_comment'", [
    author.id,
  ]);
  assert.equal(row?.rows, 10, 'fifty replies in ten threads: ten notifications');

  // everything planned and answered, then one more schedule period for anything late
  await waitFor(
    'the queue drained',
    async () => (await sql<{ due: boolean }>('select private.push_work_pending() as due'))[0]?.due,
    (due) => due === false,
    30_000,
  );
  await sleep(6000);
  const messages = (await service.messages(subscription)).map((m) => JSON.parse(m) as { tag: string; body: string });
  console.log(
    `web push: 50 replies in 10 threads → ${messages.length} pushes (${messages
      .filter((m) => m.tag === 'summary')
      .map((m) => m.body)
      .join(', ')})`,
  );
  assert.ok(messages.length <= budget!.max_per_hour + 1, `${messages.length} pushes`);
  assert.equal(messages.filter((m) => m.tag === 'summary').length, 1, 'one summary');
  assert.equal(messages.length, budget!.max_per_hour + 1, 'the budget was used, then summarised');
});
