// The Auth admin API answers as GoTrue (supabase/auth internal/api/admin.go, mail.go,
// invite.go): service role only, create / list with pagination headers / get / update
// (app_metadata, ban_duration, email_confirm) / delete hard and soft, generate_link for every
// type, invite; and each refusal with GoTrue's status, code and message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANON_KEY, API_URL, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import { client, PASSWORD, serviceClient, signedInUser, sql, uniqueEmail } from './helpers.ts';

type Answer = { status: number; json: Record<string, unknown>; headers: Headers };

async function call(method: string, path: string, body?: unknown, key = SERVICE_ROLE_KEY, bearer: string | null = key): Promise<Answer> {
  const headers: Record<string, string> = { apikey: key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(`${API_URL}/auth/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

function assertError(answer: Answer, status: number, code: string, message: string | RegExp): void {
  assert.equal(answer.status, status, JSON.stringify(answer.json));
  assert.equal(answer.json.error_code, code);
  if (typeof message === 'string') assert.equal(answer.json.msg, message);
  else assert.match(String(answer.json.msg), message);
}

const admin = () => serviceClient().auth.admin;

describe('auth admin API', () => {
  test('only the service role: anon, a signed-in user and no token are refused; sb_secret works', async () => {
    assertError(await call('GET', '/admin/users', undefined, ANON_KEY), 403, 'not_admin', 'User not allowed');
    const person = await signedInUser('admin-refused');
    assertError(await call('GET', '/admin/users', undefined, ANON_KEY, person.token), 403, 'not_admin', 'User not allowed');
    assertError(await call('POST', '/invite', { email: uniqueEmail('x') }, ANON_KEY), 403, 'not_admin', 'User not allowed');
    assertError(await call('GET', '/admin/users', undefined, ANON_KEY, 'not-a-jwt'), 403, 'bad_jwt', /^invalid JWT: unable to parse or verify signature/);
    const secret = await call('GET', '/admin/users?per_page=1', undefined, SECRET_KEY, null);
    assert.equal(secret.status, 200);
  });

  test('create: metadata kept as given, unconfirmed unless email_confirm, duplicates and bad input refused', async () => {
    const email = uniqueEmail('admin-create');
    const { data, error } = await admin().createUser({ email, password: PASSWORD, user_metadata: { nombre: 'Ana' }, app_metadata: { plan: 'x' } });
    assert.equal(error, null);
    assert.equal(data.user?.email, email);
    assert.deepEqual(data.user?.user_metadata, { nombre: 'Ana' });
    assert.deepEqual(data.user?.app_metadata, { provider: 'email', providers: ['email'], plan: 'x' });
    assert.equal(data.user?.email_confirmed_at, undefined);
    assert.equal(data.user?.identities?.[0]?.provider, 'email');
    const again = await call('POST', '/admin/users', { email, password: PASSWORD });
    assertError(again, 422, 'email_exists', 'A user with this email address has already been registered');
    assertError(
      await call('POST', '/admin/users', { email: 'xx:;x@x.x', password: PASSWORD }),
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
    assertError(await call('POST', '/admin/users', {}), 400, 'validation_failed', 'Cannot create a user without either an email or phone');
    assertError(await call('POST', '/admin/users', { email: uniqueEmail('x'), id: 'nope' }), 400, 'validation_failed', 'ID must conform to the uuid v4 format');
    assertError(
      await call('POST', '/admin/users', { email: uniqueEmail('x'), ban_duration: '1d' }),
      400,
      'validation_failed',
      'invalid format for ban duration: time: unknown unit "d" in duration "1d"',
    );
    // A confirmed admin-made account signs in with its password.
    const confirmed = uniqueEmail('admin-confirmed');
    const made = await admin().createUser({ email: confirmed, password: PASSWORD, email_confirm: true });
    assert.ok(made.data.user?.email_confirmed_at);
    assert.equal(made.data.user?.user_metadata.email_verified, true);
    const signIn = await client().auth.signInWithPassword({ email: confirmed, password: PASSWORD });
    assert.equal(signIn.error, null);
  });

  test('list: users, aud, X-Total-Count and Link; a bad page is 400', async () => {
    const email = uniqueEmail('admin-list');
    await admin().createUser({ email, password: PASSWORD });
    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 });
    assert.equal(error, null);
    assert.equal(data.users.length, 2);
    assert.equal(data.aud, 'authenticated');
    assert.ok(data.total >= 3, `total ${data.total}`);
    assert.equal(data.nextPage, 2);
    // (auth-js reads only the first digit of each Link page number, with GoTrue as here.)
    const raw = await call('GET', '/admin/users?per_page=2&page=1');
    assert.equal(raw.headers.get('x-total-count'), String(data.total));
    assert.match(raw.headers.get('link') ?? '', /^<\/admin\/users\?page=2&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/);
    assert.equal((raw.json.users as Array<Record<string, unknown>>)[0]?.identities, null);
    const filtered = await call('GET', `/admin/users?filter=${encodeURIComponent(email)}`);
    assert.deepEqual(
      (filtered.json.users as Array<{ email: string }>).map((user) => user.email),
      [email],
    );
    const bad = await admin().listUsers({ page: -1, perPage: 10 });
    assert.ok(bad.error);
    assert.deepEqual(bad.data.users, []);
    assertError(
      await call('GET', '/admin/users?page=-1'),
      400,
      'validation_failed',
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    );
  });

  test('get: the user with identities; unknown and malformed ids are 404', async () => {
    const { data } = await admin().createUser({ email: uniqueEmail('admin-get'), password: PASSWORD });
    const found = await admin().getUserById(data.user!.id);
    assert.equal(found.data.user?.email, data.user?.email);
    assert.equal(found.data.user?.identities?.length, 1);
    assertError(await call('GET', '/admin/users/83fd9e20-7a80-46e4-bf29-a86e3d6bbf66'), 404, 'user_not_found', 'User not found');
    assertError(await call('GET', '/admin/users/nope'), 404, 'validation_failed', 'user_id must be an UUID');
    assertError(await call('PUT', '/admin/users/83fd9e20-7a80-46e4-bf29-a86e3d6bbf66', { email: 'new@email.com' }), 404, 'user_not_found', 'User not found');
  });

  test('update: e-mail, metadata merged (null deletes), app_metadata, email_confirm, role, weak password refused', async () => {
    const email = uniqueEmail('admin-update');
    const { data } = await admin().createUser({ email, password: PASSWORD, user_metadata: { a: 1, b: 2 } });
    const id = data.user!.id;
    const changed = await admin().updateUserById(id, {
      email: `new_${email}`,
      user_metadata: { b: null, c: 3 },
      app_metadata: { role: 'moderator' },
      email_confirm: true,
    });
    assert.equal(changed.error, null);
    assert.equal(changed.data.user?.email, `new_${email}`);
    assert.deepEqual(changed.data.user?.user_metadata, { a: 1, c: 3, email_verified: true });
    assert.equal(changed.data.user?.app_metadata.role, 'moderator');
    assert.deepEqual(changed.data.user?.app_metadata.providers, ['email']);
    assert.ok(changed.data.user?.email_confirmed_at);
    const [identity] = await sql<{ email: string }>(`select identity_data->>'email' as email from auth.identities where user_id = $1`, [id]);
    assert.equal(identity?.email, `new_${email}`);
    assertError(await call('PUT', `/admin/users/${id}`, { password: 'short' }), 422, 'weak_password', /^Password should be at least 8 characters/);
  });

  test('ban_duration: a banned user cannot sign in, refresh or use their token; "none" lifts it', async () => {
    const person = await signedInUser('admin-ban');
    const { data: session } = await person.client.auth.getSession();
    const banned = await admin().updateUserById(person.id, { ban_duration: '1h30m' });
    const until = Date.parse(banned.data.user!.banned_until!);
    assert.ok(Math.abs(until - Date.now() - 90 * 60_000) < 60_000, banned.data.user?.banned_until);
    assertError(await call('GET', '/user', undefined, ANON_KEY, person.token), 403, 'user_banned', 'User is banned');
    const signIn = await client().auth.signInWithPassword({ email: person.email, password: PASSWORD });
    assert.equal(signIn.error?.code, 'user_banned');
    assertError(
      await call('POST', '/token?grant_type=refresh_token', { refresh_token: session.session!.refresh_token }, ANON_KEY),
      400,
      'user_banned',
      'Invalid Refresh Token: User Banned',
    );
    const lifted = await admin().updateUserById(person.id, { ban_duration: 'none' });
    assert.equal(lifted.data.user?.banned_until, undefined);
    assert.equal((await client().auth.signInWithPassword({ email: person.email, password: PASSWORD })).error, null);
  });

  test('delete: hard removes the row; soft keeps it obfuscated with deleted_at and ends sessions', async () => {
    const hard = await admin().createUser({ email: uniqueEmail('admin-del'), password: PASSWORD });
    assert.equal((await admin().deleteUser(hard.data.user!.id)).error, null);
    assert.equal((await sql('select 1 from auth.users where id = $1', [hard.data.user!.id])).length, 0);
    const person = await signedInUser('admin-soft');
    assert.equal((await admin().deleteUser(person.id, true)).error, null);
    const [row] = await sql<{ email: string; deleted_at: Date | null; encrypted_password: string | null; sessions: string }>(
      `select email, deleted_at, encrypted_password, (select count(*) from auth.sessions where user_id = u.id) as sessions from auth.users u where id = $1`,
      [person.id],
    );
    assert.ok(row?.deleted_at);
    assert.notEqual(row?.email, person.email);
    assert.equal(row?.encrypted_password, null);
    assert.equal(row?.sessions, '0');
    assert.ok((await client().auth.signInWithPassword({ email: person.email, password: PASSWORD })).error);
    assertError(await call('DELETE', '/admin/users/83fd9e20-7a80-46e4-bf29-a86e3d6bbf66'), 404, 'user_not_found', 'User not found');
  });

  test('generate_link: signup, magiclink, recovery, invite, email_change_current/new; the link verifies', async () => {
    const email = uniqueEmail('admin-link');
    const signup = await admin().generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
      options: { data: { status: 'alpha' }, redirectTo: 'http://localhost:5173' },
    });
    assert.equal(signup.error, null);
    assert.deepEqual(signup.data.user?.user_metadata, { status: 'alpha' });
    const props = signup.data.properties!;
    assert.equal(props.verification_type, 'signup');
    assert.equal(props.redirect_to, 'http://localhost:5173');
    assert.match(props.email_otp, /^\d{6}$/);
    assert.equal(props.action_link, `${API_URL}/auth/v1/verify?token=${props.hashed_token}&type=signup&redirect_to=http://localhost:5173`);
    for (const type of ['magiclink', 'recovery'] as const) {
      const link = await admin().generateLink({ type, email });
      assert.equal(link.error, null, type);
      assert.match(link.data.properties!.action_link, new RegExp(`type=${type}&redirect_to=http://127.0.0.1:5173$`));
    }
    const newEmail = uniqueEmail('admin-link-new');
    const change = await admin().generateLink({ type: 'email_change_current', email, newEmail });
    assert.equal(change.data.user?.new_email, newEmail);
    assert.match(change.data.properties!.action_link, /type=email_change&/);
    const invited = await admin().generateLink({ type: 'invite', email: uniqueEmail('admin-link-inv') });
    assert.ok(invited.data.user?.invited_at);
    // Unknown user for a magic link: a sign-up; for recovery: 404.
    const fresh = await admin().generateLink({ type: 'magiclink', email: uniqueEmail('admin-link-ml') });
    assert.equal(fresh.data.properties?.verification_type, 'signup');
    assertError(
      await call('POST', '/admin/generate_link', { type: 'recovery', email: uniqueEmail('none') }),
      404,
      'user_not_found',
      'User with this email not found',
    );
    assertError(
      await call('POST', '/admin/generate_link', { type: 'signup', email: 'xx:;x@x.x', password: PASSWORD }),
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
    assertError(
      await call('POST', '/admin/generate_link', { type: 'nope', email }),
      400,
      'validation_failed',
      'Invalid email action link type requested: nope',
    );
  });

  test('the admin routes of features left out answer as GoTrue with them off', async () => {
    const { data } = await admin().createUser({ email: uniqueEmail('admin-factors'), password: PASSWORD });
    const listed = await admin().mfa.listFactors({ userId: data.user!.id });
    assert.deepEqual(listed.data?.factors, []);
    assertError(await call('GET', '/admin/users/83fd9e20-7a80-46e4-bf29-a86e3d6bbf66/factors'), 404, 'user_not_found', 'User not found');
    assertError(
      await call('DELETE', `/admin/users/${data.user!.id}/factors/83fd9e20-7a80-46e4-bf29-a86e3d6bbf66`),
      404,
      'mfa_factor_not_found',
      'Factor not found',
    );
    assertError(await call('GET', '/admin/oauth/clients'), 404, 'feature_disabled', 'OAuth server is disabled');
    assertError(
      await call('POST', '/admin/oauth/clients', { client_name: 'x', redirect_uris: ['https://example.com/cb'] }),
      404,
      'feature_disabled',
      'OAuth server is disabled',
    );
  });

  test('invite: a new user with invited_at; a confirmed e-mail and an invalid one are refused', async () => {
    const email = uniqueEmail('admin-invite');
    const { data, error } = await admin().inviteUserByEmail(email, { data: { status: 'alpha' }, redirectTo: 'http://localhost:5173/' });
    assert.equal(error, null);
    assert.ok(data.user?.invited_at);
    assert.equal(data.user?.email_confirmed_at, undefined);
    const person = await signedInUser('admin-invite-taken');
    assertError(await call('POST', '/invite', { email: person.email }), 422, 'email_exists', 'A user with this email address has already been registered');
    assertError(await call('POST', '/invite', { email: 'xx:;x@x.x' }), 400, 'validation_failed', 'Unable to validate email address: invalid format');
  });
});
