// Auth contract (local-stack/CONTRACT.md §1, §7) with the real supabase-js client.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { API_URL, ANON_KEY } from '../keys.ts';
import { client, confirmedUser, PASSWORD, preflight, sql, uniqueEmail } from './helpers.ts';

describe('auth', () => {
  test('sign-up waits for the confirmation mail: the user comes back without a session', async () => {
    const supabase = client();
    const email = uniqueEmail('signup');
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD, options: { data: { apodo: 'Ana' } } });
    assert.equal(error, null);
    assert.equal(data.session, null, 'enable_confirmations = true: no session before the link');
    assert.equal(data.user?.email, email);
    assert.equal(data.user?.user_metadata.apodo, 'Ana');
    assert.equal(data.user?.email_confirmed_at, undefined);
    assert.ok(data.user?.confirmation_sent_at, 'the confirmation mail was sent');
    const early = await client().auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(early.error?.code, 'email_not_confirmed');
    assert.equal(early.error?.status, 400);
    const [row] = await sql<{ encrypted_password: string; providers: string[] }>(
      `select encrypted_password, raw_app_meta_data -> 'providers' as providers from auth.users where id = $1`,
      [data.user!.id],
    );
    assert.match(row!.encrypted_password, /^\$2a\$10\$/, 'bcrypt as GoTrue writes it');
    assert.deepEqual(row!.providers, ['email']);
  });

  test('a confirmed user signs in with a session whose JWT carries the GoTrue claims', async () => {
    const { id, email } = await confirmedUser('claims');
    const { data, error } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(error, null);
    assert.ok(data.session);
    const claims = JSON.parse(Buffer.from(data.session.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    assert.equal(claims.aud, 'authenticated');
    assert.equal(claims.role, 'authenticated');
    assert.equal(claims.sub, id);
    assert.equal(claims.iss, `${API_URL}/auth/v1`);
    assert.equal(typeof claims.session_id, 'string');
    assert.deepEqual(
      (claims.amr as { method: string }[]).map((entry) => entry.method),
      ['password'],
    );
    assert.ok(Number(claims.exp) - Number(claims.iat) > 90, 'tokens outlive the client 90 s refresh margin');
  });

  test('sign-in with the right password, refused with a wrong one', async () => {
    const { email } = await confirmedUser('signin');
    const ok = await client().auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(ok.error, null);
    assert.ok(ok.data.session?.access_token);
    const wrong = await client().auth.signInWithPassword({ email, password: 'Incorrecta123' });
    assert.equal(wrong.error?.status, 400);
    assert.equal(wrong.error?.code, 'invalid_credentials');
    assert.equal(wrong.error?.message, 'Invalid login credentials');
    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    assert.equal(unknown.error?.code, 'invalid_credentials');
  });

  test('a sign-up for a registered e-mail answers like a new one (no enumeration), as GoTrue with confirmations on', async () => {
    const { id, email } = await confirmedUser('dup');
    const { data, error } = await client().auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    assert.equal(error, null);
    assert.equal(data.session, null);
    assert.notEqual(data.user?.id, id, 'a stand-in, not the account');
    // GoTrue's signup.go sanitizeUser: the answer differs from a new account's only where GoTrue
    // makes it differ (no identities, an empty role), which no setting changes; the web shows
    // both alike ("Revisa tu correo").
    assert.deepEqual(data.user?.identities, [], 'empty identities: what supabase-js docs call an existing user');
    assert.equal(data.user?.role, '');
    const fresh = await client().auth.signUp({ email: uniqueEmail('dup-new'), password: PASSWORD });
    assert.equal(fresh.data.user?.identities?.length, 1);
    assert.equal(fresh.data.user?.role, 'authenticated');
    assert.deepEqual(Object.keys(data.user!).sort(), Object.keys(fresh.data.user!).sort(), 'the same keys');
    assert.equal((await sql('select 1 from auth.users where lower(email) = lower($1)', [email])).length, 1);
    // An unconfirmed one gets its confirmation mail again; its password does not change.
    const pending = uniqueEmail('dup-pending');
    const first = await client().auth.signUp({ email: pending, password: PASSWORD });
    const stored = () =>
      sql<{ hash: string; sent: Date }>('select encrypted_password as hash, confirmation_sent_at as sent from auth.users where id = $1', [first.data.user!.id]);
    const [before] = await stored();
    // [auth.email] max_frequency (60 s) has passed: the clock moves on in the database.
    await sql(`update auth.users set confirmation_sent_at = confirmation_sent_at - interval '61 seconds' where id = $1`, [first.data.user!.id]);
    const [moved] = await stored();
    const again = await client().auth.signUp({ email: pending, password: 'Distinta123' });
    assert.equal(again.error, null);
    assert.equal(again.data.user?.id, first.data.user?.id);
    const [after] = await stored();
    assert.equal(after!.hash, before!.hash, 'the password is not replaced by an unproven sign-up');
    assert.ok(after!.sent > moved!.sent, 'the confirmation mail went again');
  });

  test('a new password: the same one is refused with same_password; a new one ends the other sessions', async () => {
    const { email } = await confirmedUser('same');
    const here = client();
    const there = client();
    await here.auth.signInWithPassword({ email, password: PASSWORD });
    const other = await there.auth.signInWithPassword({ email, password: PASSWORD });
    const same = await here.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    assert.equal(same.error?.code, 'same_password');
    assert.equal(same.error?.status, 422);
    assert.equal((await here.auth.updateUser({ password: 'Cambiada123', current_password: PASSWORD })).error, null);
    assert.equal((await here.auth.getUser()).error, null, 'the session that changed it goes on');
    const raw = await fetch(`${API_URL}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${other.data.session!.access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    assert.equal(raw.status, 403, 'the other session ended');
    assert.equal((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code, 'invalid_credentials');
  });

  test('a password shorter than 8 characters is a weak_password error and creates nothing', async () => {
    const email = uniqueEmail('weak');
    const { error } = await client().auth.signUp({ email, password: 'Corta12' });
    assert.equal(error?.name, 'AuthWeakPasswordError');
    assert.equal(error?.code, 'weak_password');
    assert.equal(error?.status, 422);
    assert.deepEqual((error as unknown as { reasons: string[] }).reasons, ['length']);
    assert.equal((await sql('select 1 from auth.users where email = $1', [email])).length, 0);
  });

  test('refresh rotates the refresh token; an old token is refused outside the reuse window', async () => {
    const supabase = client();
    const { email } = await confirmedUser('refresh');
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const first = data.session!;
    const refreshed = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    assert.equal(refreshed.error, null);
    assert.ok(refreshed.data.session);
    assert.notEqual(refreshed.data.session.refresh_token, first.refresh_token, 'a new refresh token');
    assert.equal(refreshed.data.user?.id, first.user.id);
    // Within the 10 s reuse interval the old token returns the current pair.
    const replay = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    assert.equal(replay.data.session?.refresh_token, refreshed.data.session.refresh_token);
    // Outside it, reuse is refused and the session is revoked.
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first.refresh_token]);
    const reused = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    assert.equal(reused.error?.code, 'refresh_token_already_used');
    const afterRevoke = await client().auth.refreshSession({ refresh_token: refreshed.data.session.refresh_token });
    assert.equal(afterRevoke.error?.code, 'refresh_token_not_found');
    const bogus = await client().auth.refreshSession({ refresh_token: 'no-such-token' });
    assert.equal(bogus.error?.code, 'refresh_token_not_found');
  });

  test('get user, update metadata and password, then logout refuses the token', async () => {
    const supabase = client();
    const { email } = await confirmedUser('user');
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const token = data.session!.access_token;
    const got = await supabase.auth.getUser(token);
    assert.equal(got.error, null);
    assert.equal(got.data.user?.email, email);
    assert.equal(got.data.user?.identities?.[0]?.provider, 'email');
    const updated = await supabase.auth.updateUser({ data: { apodo: 'Nuevo' }, password: 'OtraClave123', current_password: PASSWORD });
    assert.equal(updated.error, null);
    assert.equal(updated.data.user?.user_metadata.apodo, 'Nuevo');
    assert.equal((await client().auth.signInWithPassword({ email, password: 'OtraClave123' })).error, null);
    const weak = await supabase.auth.updateUser({ password: 'corta' });
    assert.equal(weak.error?.code, 'weak_password');
    assert.equal((await supabase.auth.signOut()).error, null);
    const after = await client().auth.getUser(token);
    assert.equal(after.error?.name, 'AuthSessionMissingError', 'session_not_found makes the client drop the session');
    const raw = await fetch(`${API_URL}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    assert.equal(raw.status, 403);
    assert.equal(((await raw.json()) as { code: string }).code, 'session_not_found');
  });

  test('errors carry X-Supabase-Api-Version and the CORS headers expose it', async () => {
    const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', origin: 'http://127.0.0.1:5173' },
      body: JSON.stringify({ email: uniqueEmail('x'), password: PASSWORD }),
    });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('x-supabase-api-version'), '2024-01-01');
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /X-Supabase-Api-Version/i);
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.code, 'invalid_credentials');
    const cors = await preflight('/rest/v1/anything', 'apikey,authorization,x-client-info');
    assert.equal(cors.status, 200);
    assert.equal(cors.headers.get('access-control-allow-origin'), '*');
    assert.equal(cors.headers.get('access-control-allow-headers'), 'apikey,authorization,x-client-info');
  });

  test('OAuth simulator: authorize → simulator page → callback redirects with the session fragment', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://127.0.0.1:5173/', skipBrowserRedirect: true } });
    const authorize = await fetch(data.url!, { redirect: 'manual' });
    assert.equal(authorize.status, 302);
    const simulatorUrl = authorize.headers.get('location')!;
    const page = await fetch(simulatorUrl);
    const html = await page.text();
    assert.match(html, /Google \(simulador local\)/);
    assert.match(html, /Correo electrónico/);
    const state = new URL(simulatorUrl).searchParams.get('state')!;
    const email = uniqueEmail('google');
    const callback = await fetch(`${API_URL}/auth/v1/callback?${new URLSearchParams({ state, email, name: 'Gala Google' })}`, { redirect: 'manual' });
    assert.equal(callback.status, 302);
    const location = new URL(callback.headers.get('location')!);
    assert.equal(location.origin + location.pathname, 'http://127.0.0.1:5173/');
    const fragment = new URLSearchParams(location.hash.slice(1));
    for (const key of ['access_token', 'refresh_token', 'expires_in', 'expires_at', 'provider_token', 'token_type']) {
      assert.ok(fragment.get(key), `fragment has ${key}`);
    }
    assert.equal(fragment.get('token_type'), 'bearer');
    const user = await client().auth.getUser(fragment.get('access_token')!);
    assert.equal(user.data.user?.email, email);
    assert.equal(user.data.user?.app_metadata.provider, 'google');
    assert.equal(user.data.user?.identities?.[0]?.provider, 'google');
    assert.equal(user.data.user?.user_metadata.full_name, 'Gala Google');
    const identities = await sql<{ provider: string }>(`select provider from auth.identities where email = $1`, [email]);
    assert.deepEqual(
      identities.map((row) => row.provider),
      ['google'],
      'the e-mail is known as a google identity',
    );
    // The client accepts the session from the URL and refreshes it.
    const restored = await client().auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    assert.equal(restored.error, null);
    assert.equal(restored.data.user?.email, email);
  });

  test('OAuth with PKCE: the callback returns ?code= and exchangeCodeForSession signs in', async () => {
    const supabase = createClient(API_URL, ANON_KEY, {
      auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://127.0.0.1:5173/', skipBrowserRedirect: true } });
    assert.match(data.url!, /code_challenge=/);
    const state = new URL((await fetch(data.url!, { redirect: 'manual' })).headers.get('location')!).searchParams.get('state')!;
    const email = uniqueEmail('pkce');
    const callback = await fetch(`${API_URL}/auth/v1/callback?${new URLSearchParams({ state, email, name: 'Pablo' })}`, { redirect: 'manual' });
    const code = new URL(callback.headers.get('location')!).searchParams.get('code');
    assert.ok(code, 'the redirect carries ?code=');
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    assert.equal(exchanged.error, null);
    assert.equal(exchanged.data.user?.email, email);
    const replay = await fetch(`${API_URL}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'whatever' }),
    });
    assert.equal(replay.status, 404, 'a code works once');
    assert.equal(((await replay.json()) as { code: string }).code, 'flow_state_not_found');
  });

  test('OAuth with an unknown provider is a 400 validation_failed', async () => {
    const response = await fetch(`${API_URL}/auth/v1/authorize?provider=github`, { redirect: 'manual' });
    assert.equal(response.status, 400);
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.error_code, 'validation_failed');
    assert.equal(body.msg, 'Unsupported provider: provider is not enabled');
  });

  test('a second OAuth sign-in with the same e-mail finds the same user; an e-mail account gains the provider', async () => {
    const { id: linkedId, email } = await confirmedUser('link');
    const supabase = client();
    const { data: oauth } = await supabase.auth.signInWithOAuth({
      provider: 'facebook',
      options: { redirectTo: 'http://127.0.0.1:5173/', skipBrowserRedirect: true },
    });
    const state = new URL((await fetch(oauth.url!, { redirect: 'manual' })).headers.get('location')!).searchParams.get('state')!;
    const callback = await fetch(`${API_URL}/auth/v1/callback?${new URLSearchParams({ state, email, name: 'Fede' })}`, { redirect: 'manual' });
    const token = new URLSearchParams(new URL(callback.headers.get('location')!).hash.slice(1)).get('access_token')!;
    const user = await client().auth.getUser(token);
    assert.equal(user.data.user?.id, linkedId);
    assert.deepEqual(user.data.user?.app_metadata.providers, ['email', 'facebook']);
  });
});
