// A new password needs proof of the person at the API, as Supabase Auth asks for it with this
// project's settings (supabase/auth internal/api/user.go UserUpdate, reauthenticate.go
// verifyReauthentication; models/sessions.go IsRecovery): the current password
// (security_update_password_require_current_password, supabase/auth-hosted.json) unless the
// session came from a mailed link, and for a session older than 24 hours the code that
// GET /reauthenticate mails ([auth.email] secure_password_change). A stolen access token alone
// cannot change the password.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANON_KEY, API_URL } from '../keys.ts';
import { client, confirmedUser, PASSWORD, randomClientIp, serviceClient, sql } from './helpers.ts';

const MAILPIT = 'http://127.0.0.1:54324';

/** PUT /auth/v1/user with only the access token, as a thief holding it would. */
async function putUser(token: string, body: Record<string, unknown>): Promise<{ status: number; code: string }> {
  const response = await fetch(`${API_URL}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      'x-forwarded-for': randomClientIp(),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, code: ((await response.json()) as { code?: string }).code ?? '' };
}

async function signedIn(label: string) {
  const { id, email } = await confirmedUser(label);
  const supabase = client();
  const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  return {
    id,
    email,
    supabase,
    token: data.session!.access_token,
    sessionId: JSON.parse(atob(data.session!.access_token.split('.')[1]!)).session_id as string,
  };
}

/** GET /reauthenticate, then the code from the newest mail it sent (its subject carries it). */
async function mailedCode(person: { email: string; supabase: ReturnType<typeof client> }): Promise<string> {
  assert.equal((await person.supabase.auth.reauthenticate()).error, null);
  const { messages } = (await (await fetch(`${MAILPIT}/api/v1/messages?limit=1000`)).json()) as {
    messages: Array<{ Subject: string; To: Array<{ Address: string }> }>;
  };
  const mail = messages.find((message) => message.To.some((to) => to.Address === person.email) && message.Subject.startsWith('Tu código de Chismes: '));
  const code = /(\d{6})$/.exec(mail?.Subject ?? '')?.[1];
  assert.ok(code, 'the code arrives by mail');
  return code;
}

const passwordWorks = async (email: string, password: string) => (await client().auth.signInWithPassword({ email, password })).error === null;

describe('proof of the person for a new password', () => {
  test('a token alone cannot set a password: the current one is required and checked', async () => {
    const person = await signedIn('proof');
    assert.deepEqual(await putUser(person.token, { password: 'Robada1234' }), { status: 400, code: 'current_password_required' });
    assert.deepEqual(await putUser(person.token, { password: 'Robada1234', current_password: 'Adivina123' }), {
      status: 400,
      code: 'current_password_invalid',
    });
    assert.ok(await passwordWorks(person.email, PASSWORD), 'nothing changed');
    assert.equal((await person.supabase.auth.updateUser({ password: 'Cambiada123', current_password: PASSWORD })).error, null);
    assert.ok(await passwordWorks(person.email, 'Cambiada123'));
  });

  test('a session from a mailed link (recovery) sets a new password without the old one', async () => {
    const { email } = await confirmedUser('proof-link');
    const { data } = await serviceClient().auth.admin.generateLink({ type: 'recovery', email });
    const verified = await client().auth.verifyOtp({ type: 'recovery', token_hash: data.properties!.hashed_token });
    assert.equal(verified.error, null);
    assert.equal((await putUser(verified.data.session!.access_token, { password: 'Olvidada123' })).status, 200);
    assert.ok(await passwordWorks(email, 'Olvidada123'));
  });

  test('a session older than 24 hours needs the mailed reauthentication code, used up by its first use', async () => {
    const person = await signedIn('proof-old');
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [person.sessionId]);
    const change = { password: 'Vieja12345', current_password: PASSWORD };
    assert.deepEqual(await putUser(person.token, change), { status: 400, code: 'reauthentication_needed' });
    assert.deepEqual(await putUser(person.token, { ...change, nonce: '000000' }), { status: 422, code: 'reauthentication_not_valid' });
    const code = await mailedCode(person);
    // user.go checks the code first and uses it up, then the current password.
    assert.deepEqual(await putUser(person.token, { ...change, nonce: code, current_password: 'Adivina123' }), {
      status: 400,
      code: 'current_password_invalid',
    });
    assert.ok(await passwordWorks(person.email, PASSWORD), 'a refused change changes nothing');
    assert.deepEqual(await putUser(person.token, { ...change, nonce: code }), { status: 422, code: 'reauthentication_not_valid' });
    // [auth.email] max_frequency (60 s) has passed: the clock moves on in the database.
    await sql(`update auth.users set reauthentication_sent_at = now() - interval '61 seconds' where id = $1`, [person.id]);
    const second = await mailedCode(person);
    assert.equal((await putUser(person.token, { ...change, nonce: second })).status, 200);
    assert.ok(await passwordWorks(person.email, 'Vieja12345'));
    assert.deepEqual(await putUser(person.token, { password: 'Otra123456', current_password: 'Vieja12345', nonce: second }), {
      status: 422,
      code: 'reauthentication_not_valid',
    });
  });
});
