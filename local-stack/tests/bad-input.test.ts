// Bad input from a hostile client (docs/decisions/0022-local-stack-fidelity.md): every case gets the real service's
// status and code, never a 500, and changes nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../keys.ts';
import { PASSWORD, serviceClient, signedInUser, sql, uniqueEmail } from './helpers.ts';

const authHeaders = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

async function post(path: string, body: BodyInit, headers: Record<string, string> = authHeaders): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${API_URL}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const userCount = async () => Number((await sql<{ n: string }>('select count(*) as n from auth.users'))[0]!.n);

describe('auth: bad input', () => {
  const signup = (body: BodyInit, headers?: Record<string, string>) => post('/auth/v1/signup', body, headers);
  const token = (body: BodyInit, headers?: Record<string, string>) => post('/auth/v1/token?grant_type=password', body, headers);

  test('a 10,000-character e-mail: 400 validation_failed on sign-up, invalid_credentials on sign-in', async () => {
    const email = `${'a'.repeat(10_000)}@example.com`;
    const before = await userCount();
    const up = await signup(JSON.stringify({ email, password: PASSWORD }));
    assert.equal(up.status, 400);
    assert.deepEqual([(up.json as { code: string }).code, (up.json as { message: string }).message], ['validation_failed', 'An email address is too long']);
    const inn = await token(JSON.stringify({ email, password: PASSWORD }));
    assert.equal(inn.status, 400);
    assert.equal((inn.json as { code: string }).code, 'invalid_credentials');
    assert.equal(await userCount(), before);
  });

  test('NUL in the e-mail or in the username metadata: 400, nothing stored', async () => {
    const before = await userCount();
    const email = uniqueEmail('nul');
    const badEmail = await signup(JSON.stringify({ email: `a\u0000${email}`, password: PASSWORD }));
    assert.equal(badEmail.status, 400);
    assert.equal((badEmail.json as { code: string }).code, 'validation_failed');
    const badSignIn = await token(JSON.stringify({ email: `a\u0000${email}`, password: PASSWORD }));
    assert.equal(badSignIn.status, 400);
    assert.equal((badSignIn.json as { code: string }).code, 'invalid_credentials');
    const badMeta = await signup(JSON.stringify({ email, password: PASSWORD, data: { username: 'ana\u0000' } }));
    assert.equal(badMeta.status, 400);
    assert.equal((badMeta.json as { code: string }).code, 'validation_failed');
    assert.equal(await userCount(), before);
  });

  test('broken JSON and text/plain bodies: 400 bad_json; JSON sent as text/plain is read like GoTrue does', async () => {
    for (const call of [signup, token]) {
      const broken = await call('{"email": "x@example.com", "password":');
      assert.equal(broken.status, 400);
      assert.equal((broken.json as { code: string }).code, 'bad_json');
      assert.match((broken.json as { message: string }).message, /^Could not parse request body as JSON: /);
      const plain = await call('email=x@example.com', { ...authHeaders, 'content-type': 'text/plain' });
      assert.equal(plain.status, 400);
      assert.equal((plain.json as { code: string }).code, 'bad_json');
      const wrongType = await call(JSON.stringify({ email: 42, password: PASSWORD }));
      assert.equal(wrongType.status, 400);
      assert.equal((wrongType.json as { code: string }).code, 'bad_json');
    }
    const email = uniqueEmail('plain');
    const plainJson = await signup(JSON.stringify({ email, password: PASSWORD }), { ...authHeaders, 'content-type': 'text/plain' });
    assert.equal(plainJson.status, 200);
  });

  test('10 MB and 50 MB bodies: 413 request_entity_too_large (GoTrue reads at most 1 MiB)', async () => {
    for (const size of [10, 50]) {
      const body = JSON.stringify({ email: uniqueEmail('big'), password: PASSWORD, data: { bio: 'x'.repeat(size * 1024 * 1024) } });
      for (const path of ['/auth/v1/signup', '/auth/v1/token?grant_type=password']) {
        const result = await post(path, body);
        assert.equal(result.status, 413, `${path} ${size} MB`);
        assert.equal((result.json as { code: string }).code, 'request_entity_too_large');
        assert.equal((result.json as { message: string }).message, 'Request body too large (max 1048576 bytes)');
      }
    }
  });
});

describe('storage: bad input', () => {
  const bucket = `bad-input-${randomUUID().slice(0, 8)}`;
  const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };
  const storage = (path: string, body: BodyInit, method = 'POST', extra: Record<string, string> = {}) =>
    fetch(`${API_URL}/storage/v1${path}`, { method, headers: { ...headers, ...extra }, body });
  const expectError = async (response: Response, statusCode: string, code: string, message?: RegExp) => {
    assert.equal(response.status, statusCode === '413' ? 413 : 400);
    const body = (await response.json()) as { statusCode: string; code: string; message: string };
    assert.equal(body.statusCode, statusCode);
    assert.equal(body.code, code);
    if (message) assert.match(body.message, message);
  };

  test('set-up: a bucket and one object', async () => {
    const { error } = await serviceClient().storage.createBucket(bucket);
    assert.equal(error, null);
    const upload = await serviceClient().storage.from(bucket).upload('a.txt', 'hola');
    assert.equal(upload.error, null);
  });

  test('broken JSON on sign, list, remove and bucket: 400 InvalidRequest', async () => {
    await expectError(await storage(`/object/sign/${bucket}/a.txt`, '{"expiresIn":'), '400', 'InvalidRequest', /not valid JSON/);
    await expectError(await storage(`/object/sign/${bucket}`, '{'), '400', 'InvalidRequest', /not valid JSON/);
    await expectError(await storage(`/object/list/${bucket}`, '{"prefix"'), '400', 'InvalidRequest', /not valid JSON/);
    await expectError(await storage(`/object/${bucket}`, '[1,', 'DELETE'), '400', 'InvalidRequest', /not valid JSON/);
    await expectError(await storage('/bucket', '{"name":'), '400', 'InvalidRequest', /not valid JSON/);
    await expectError(await storage(`/bucket/${bucket}`, 'nope', 'PUT'), '400', 'InvalidRequest', /not valid JSON/);
  });

  test('prefixes not an array, expiresIn not a number: 400 with the schema message', async () => {
    await expectError(
      await storage(`/object/${bucket}`, JSON.stringify({ prefixes: 'a.txt' }), 'DELETE'),
      '400',
      'InvalidRequest',
      /^body\/prefixes must be array$/,
    );
    await expectError(
      await storage(`/object/${bucket}`, JSON.stringify({ prefixes: [null] }), 'DELETE'),
      '400',
      'InvalidRequest',
      /^body\/prefixes\/0 must be string$/,
    );
    await expectError(
      await storage(`/object/sign/${bucket}/a.txt`, JSON.stringify({ expiresIn: 'soon' })),
      '400',
      'InvalidRequest',
      /expiresIn must be integer/,
    );
    const rows = await sql('select 1 from storage.objects where bucket_id = $1', [bucket]);
    assert.equal(rows.length, 1);
  });

  test('NUL in an object name: 400 InvalidKey on upload, sign and remove', async () => {
    await expectError(await storage(`/object/${bucket}/a%00b.txt`, 'x', 'POST', { 'content-type': 'text/plain' }), '400', 'InvalidKey');
    await expectError(await storage(`/object/sign/${bucket}/a%00b.txt`, JSON.stringify({ expiresIn: 60 })), '400', 'InvalidKey');
    await expectError(await storage(`/object/${bucket}`, JSON.stringify({ prefixes: ['a\u0000b.txt'] }), 'DELETE'), '400', 'InvalidKey');
    await expectError(await storage(`/object/list/${bucket}`, JSON.stringify({ prefix: 'a\u0000' })), '400', 'InvalidKey');
    const rows = await sql('select name from storage.objects where bucket_id = $1', [bucket]);
    assert.deepEqual(rows, [{ name: 'a.txt' }]);
  });

  test('bad x-metadata and bad multipart metadata are ignored, as storage-api does', async () => {
    const raw = await storage(`/object/${bucket}/raw.txt`, 'hola', 'POST', { 'content-type': 'text/plain', 'x-metadata': '%%%not-base64-json' });
    assert.equal(raw.status, 200);
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('metadata', '{broken');
    form.append('', new Blob(['hola'], { type: 'text/plain' }), 'blob');
    const multipart = await fetch(`${API_URL}/storage/v1/object/${bucket}/form.txt`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      body: form,
    });
    assert.equal(multipart.status, 200);
    const rows = await sql<{ name: string; user_metadata: unknown }>(
      `select name, user_metadata from storage.objects where bucket_id = $1 and name in ('raw.txt', 'form.txt') order by name`,
      [bucket],
    );
    assert.deepEqual(rows, [
      { name: 'form.txt', user_metadata: null },
      { name: 'raw.txt', user_metadata: null },
    ]);
    const broken = await fetch(`${API_URL}/storage/v1/object/${bucket}/broken.txt`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nnonsense',
    });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { statusCode: string }).statusCode, '400');
  });

  test('clean-up', async () => {
    await sql('delete from storage.objects where bucket_id = $1', [bucket]);
    await sql('delete from storage.buckets where id = $1', [bucket]);
  });
});

describe('realtime REST broadcast: bad input', () => {
  const broadcast = (body: BodyInit) =>
    fetch(`${API_URL}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json' },
      body,
    });

  test('broken JSON: 400 as Plug.Parsers answers', async () => {
    const response = await broadcast('{"messages": [');
    assert.equal(response.status, 400);
    assert.equal(await response.json(), 'Bad Request');
  });

  test('messages: [null] and a message without a topic: 422 with the changeset errors', async () => {
    const nullMessage = await broadcast(JSON.stringify({ messages: [null] }));
    assert.equal(nullMessage.status, 422);
    assert.deepEqual(await nullMessage.json(), { errors: { messages: ['is invalid'] } });
    const missing = await broadcast(JSON.stringify({}));
    assert.equal(missing.status, 422);
    assert.deepEqual(await missing.json(), { errors: { messages: ["can't be blank"] } });
    const noTopic = await broadcast(JSON.stringify({ messages: [{ event: 'e', payload: {} }] }));
    assert.equal(noTopic.status, 422);
    assert.deepEqual(await noTopic.json(), { errors: { messages: [{ topic: ["can't be blank"] }] } });
    const ok = await broadcast(JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] }));
    assert.equal(ok.status, 202);
  });

  test('a 50 MB body: 413', async () => {
    const response = await broadcast(JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: { x: 'x'.repeat(50 * 1024 * 1024) } }] }));
    assert.equal(response.status, 413);
  });
});

describe('log-country: a deleted user', () => {
  test('a still-valid token of a deleted user: 401 not_authenticated, nothing recorded', async () => {
    const user = await signedInUser('gone');
    await sql('delete from auth.users where id = $1', [user.id]);
    const response = await fetch(`${API_URL}/functions/v1/log-country`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'Chile' }),
    });
    assert.equal(response.status, 401);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'not_authenticated');
    assert.equal((await sql('select 1 from public.country_logs where user_id = $1', [user.id])).length, 0);
  });
});
