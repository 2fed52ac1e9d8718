// delete-account through the local stack: proof of the person at the API, checked in the
// database with limits on wrong ones (public.check_account_proof,
// docs/decisions/0027-auth-abuse-limits.md); the code Supabase Auth mails (GET
// /auth/v1/reauthenticate) for accounts without a password; and a deleted account's token, still
// valid for up to an hour, answered not_authenticated by the functions that act for the person,
// naming no table.
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { anonKey, apiUrl, createChisme, fixture, invoke, signUp, sql, TEST_PASSWORD, type TestUser } from './stack.ts';

/** A client address of its own for the per-client limit (X-Forwarded-For, as a hosted edge sets it). */
const clientIp = () => `10.${crypto.getRandomValues(new Uint8Array(3)).join('.')}`;
const exists = async (user: TestUser) => (await sql('select 1 from auth.users where id = $1', [user.id])).length === 1;

Deno.test('without the current password or a code nothing is deleted; the right password deletes', async () => {
  const user = await signUp('borra');
  const ip = { 'X-Forwarded-For': clientIp() };
  for (const [body, code] of [[{}, 'password_invalid'], [{ password: 'Incorrecta1' }, 'password_invalid'], [{ code: '123456' }, 'code_invalid']] as const) {
    const refused = await invoke(user, 'delete-account', body, ip);
    assert.equal(refused.status, 400, JSON.stringify(body));
    assert.equal((refused.body.error as { code: string }).code, code);
  }
  assert.ok(await exists(user));
  const done = await invoke(user, 'delete-account', { password: TEST_PASSWORD }, ip);
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.ok(!(await exists(user)));
});

Deno.test('30 wrong passwords: refused with 429 after the limit, the right one too, until the hour has passed', async () => {
  const user = await signUp('adivina');
  const ip = { 'X-Forwarded-For': clientIp() };
  const [{ proof_failures_per_account: limit }] = await sql<{ proof_failures_per_account: number }>('select * from private.auth_limits()');
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const answer = await invoke(user, 'delete-account', { password: `Intento${attempt}aB` }, ip);
    statuses.push(answer.status);
    if (answer.status === 429) {
      assert.equal((answer.body.error as { code: string }).code, 'rate_limited');
      assert.ok(Number(answer.headers.get('Retry-After')) > 3000, answer.headers.get('Retry-After') ?? 'no Retry-After');
    }
  }
  assert.deepEqual(statuses, [...Array(limit).fill(400), ...Array(30 - limit).fill(429)]);
  const right = await invoke(user, 'delete-account', { password: TEST_PASSWORD }, { 'X-Forwarded-For': clientIp() });
  assert.equal(right.status, 429, 'the account is locked for the hour, from any client');
  assert.ok(await exists(user));
  await sql(`update private.auth_proof_failures set failed_at = failed_at - interval '61 minutes' where user_id = $1`, [user.id]);
  assert.equal((await invoke(user, 'delete-account', { password: TEST_PASSWORD }, ip)).status, 200);
});

Deno.test('one client guessing across accounts is stopped at the per-client limit', async () => {
  const ip = { 'X-Forwarded-For': clientIp() };
  const [{ proof_failures_per_client: limit, proof_failures_per_account: perAccount }] = await sql<{
    proof_failures_per_client: number;
    proof_failures_per_account: number;
  }>('select * from private.auth_limits()');
  const accounts = await Promise.all(Array.from({ length: Math.ceil(limit / perAccount) + 1 }, (_, index) => signUp(`cliente-${index}`)));
  let refusedAt = -1;
  for (let attempt = 0; attempt < limit + 1; attempt += 1) {
    const account = accounts[Math.floor(attempt / perAccount)]!;
    const answer = await invoke(account, 'delete-account', { password: 'Incorrecta1' }, ip);
    if (answer.status === 429 && refusedAt < 0) refusedAt = attempt;
  }
  assert.equal(refusedAt, limit, `the ${limit + 1}th wrong password from the client is refused`);
});

Deno.test('an account without a password deletes itself with the code Auth mails', async () => {
  const admin = createClient(apiUrl, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, { auth: { persistSession: false } });
  const email = `sin-clave-${crypto.randomUUID()}@functions.test`;
  await admin.auth.admin.createUser({ email, email_confirm: true });
  const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
  const client = createClient(apiUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const session = await client.auth.verifyOtp({ type: 'magiclink', token_hash: link.data.properties!.hashed_token });
  assert.equal(session.error, null);
  const user = { client, id: session.data.user!.id };
  assert.equal((await invoke(user, 'delete-account', { password: 'Cualquiera1' })).status, 400, 'no password to give');
  assert.equal((await client.auth.reauthenticate()).error, null);
  const { messages } = await (await fetch('http://127.0.0.1:54324/api/v1/messages?limit=1000')).json() as {
    messages: Array<{ Subject: string; To: Array<{ Address: string }> }>;
  };
  const code = /(\d{6})$/.exec(messages.find((message) => message.To.some((to) => to.Address === email))?.Subject ?? '')?.[1];
  assert.ok(code, 'the code arrives by mail');
  assert.equal((await invoke(user, 'delete-account', { code })).status, 200);
  assert.ok(!(await exists(user)));
});

Deno.test("a deleted account's still-valid token: every function that acts for the person answers 401 not_authenticated, naming no table", async () => {
  const [leaver, other] = await Promise.all([signUp('se-va'), signUp('se-queda')]);
  const chisme = await createChisme(other);
  assert.equal((await invoke(leaver, 'delete-account', { password: TEST_PASSWORD })).status, 200);
  const form = new FormData();
  form.set('chisme_id', chisme);
  form.set('file', new File([fixture('pixel.jpg') as BlobPart], 'pixel.jpg', { type: 'image/jpeg' }));
  const calls = [
    ['delete-account', { password: TEST_PASSWORD }],
    ['log-country', { country: 'España' }],
  ] as const;
  for (const [name, body] of calls) {
    const answer = await invoke(leaver, name, body);
    assert.equal(answer.status, 401, `${name}: ${JSON.stringify(answer.body)}`);
    assert.equal((answer.body.error as { code: string }).code, 'not_authenticated', name);
    assert.doesNotMatch(JSON.stringify(answer.body), /23503|violates|constraint|_fkey|public\.|auth\./, name);
  }
  // What the image functions answer about someone else's chisme is the database's call
  // (get_chisme as the caller); whatever it answers is a refusal that names no table either.
  for (const [name, body] of [['chisme-image-url', { chisme_id: chisme }], ['chisme-image', form]] as const) {
    const answer = await invoke(leaver, name, body);
    assert.ok(answer.status >= 400 && answer.status < 500, `${name}: ${JSON.stringify(answer.body)}`);
    assert.doesNotMatch(JSON.stringify(answer.body), /23503|violates|constraint|_fkey|public\.|auth\./, name);
  }
});
